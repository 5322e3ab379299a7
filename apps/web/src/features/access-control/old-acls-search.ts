import { searchFlag, searchObject, searchText } from '@/lib/search-fields.ts';

/** The old-ACL page's URL state: the node search and whether clients are shown. */
export const oldAclsSearchSchema = searchObject({ search: searchText, clients: searchFlag });
