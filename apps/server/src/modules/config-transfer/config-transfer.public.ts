/** Nothing of the export and import module is for other modules; the type names what its service calls. */
export type { CallRoute } from './config-transfer.service.ts';
