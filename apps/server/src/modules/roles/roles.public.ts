// What other modules may import from the roles module (modules/README.md).
export type { RoleRow } from './roles.repository.ts';
