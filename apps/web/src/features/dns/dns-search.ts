import { searchObject, searchText } from '@/lib/search-fields.ts';

/** The DNS page's URL state: the search text. */
export const dnsSearchSchema = searchObject({ search: searchText });
