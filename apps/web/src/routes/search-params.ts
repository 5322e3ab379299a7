export { searchEnum, searchFlag, searchObject, searchText, type SearchField } from '@/lib/search-fields.ts';
import { searchObject, searchText } from '@/lib/search-fields.ts';

/** Search text and sort column of a list page (`?search=`, `?sort=name` or `-name`), kept in the URL. */
export const listSearchSchema = searchObject({ search: searchText, sort: searchText });
export type ListSearch = ReturnType<typeof listSearchSchema>;
