import { searchFlag, searchObject, searchText } from '@/lib/search-fields.ts';

/** The graph page's URL state: the node in focus (its details shown) and whether every direct pair is drawn. */
export const graphSearchSchema = searchObject({ node: searchText, direct: searchFlag });
export type GraphSearch = ReturnType<typeof graphSearchSchema>;
