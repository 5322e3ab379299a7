import { searchEnum, searchObject, searchText } from '@/lib/search-fields.ts';

export const USERS_TABS = ['users', 'groups', 'roles', 'invites', 'pending'] as const;
export type UsersTabKey = (typeof USERS_TABS)[number];

/**
 * /users' URL state: the open tab and the users table's filter and sort, all optional. It is the `validateSearch`
 * of the route (routes/users.ts); the page reads and writes it through that route's typed API. Zod-free: the route
 * tree is in the boot chunk.
 */
export const usersSearchSchema = searchObject({
  tab: searchEnum(USERS_TABS),
  search: searchText,
  sort: searchText,
});
