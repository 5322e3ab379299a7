// What other modules may import from the hosts module (modules/README.md): a host's row and settings reader, and
// how the API host a request reached is worked out (join tokens name it).
export type { HostRow } from './hosts.repository.ts';
export { hostSettings } from './host-fields.ts';
export { apiHostResolver, type ApiHostResolver } from './api-host.ts';
