// What other modules may import from the groups module (modules/README.md).
export type { GroupRow } from './groups.repository.ts';
