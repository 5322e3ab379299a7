// What other modules may import from the groups module (modules/README.md).
export { checkGroupIds, checkNetworkRoles } from './membership.ts';
export type { GroupRow } from './groups.repository.ts';
