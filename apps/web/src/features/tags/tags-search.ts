import { searchObject, searchText } from '@/lib/search-fields.ts';

/** The tag manager's URL state: the search text. */
export const tagsSearchSchema = searchObject({ search: searchText });
