// What other modules may import from the hosts module (modules/README.md): a host's row and its settings reader.
export type { HostRow } from './hosts.repository.ts';
export { hostSettings } from './host-fields.ts';
