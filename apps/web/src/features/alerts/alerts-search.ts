import { searchObject, searchText } from '@/lib/search-fields.ts';

/** The alerts page's URL state: the search text over rules and alerts. */
export const alertsSearchSchema = searchObject({ search: searchText });
