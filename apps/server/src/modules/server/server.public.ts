// What other modules may import from the server module (modules/README.md): the version, and the server's
// key/value settings (secrets generated at first start) for the composition root and the command-line tools.
export { SERVER_VERSION } from './server.service.ts';
export { serverSettings, type ServerSettings } from './settings.repository.ts';
