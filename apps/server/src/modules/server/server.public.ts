// What other modules may import from the server module (modules/README.md).
export { SERVER_VERSION } from './server.service.ts';
