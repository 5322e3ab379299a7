import { searchEnum, searchFlag, searchObject, searchText } from '@/lib/search-fields.ts';

/** The access-control page's URL state: search text, the type chip, and `add` (opens Add Policy, e.g. from a link). */
export const policyTypeField = searchEnum(['device-policy', 'user-policy'] as const);
export const aclsSearchSchema = searchObject({ search: searchText, type: policyTypeField, add: searchFlag });
