// What other modules may import from the users module (modules/README.md).
export { presentRole, presentUser, userGroupIds } from './users.presenter.ts';
export { resolveNewUserRole } from './new-user-role.ts';
export { checkGroupIds, checkNetworkRoles } from './membership.ts';
export type { UserRow } from './users.repository.ts';
