export {
  listSearchSchema,
  searchEnum,
  searchFlag,
  searchObject,
  searchText,
  type ListSearch,
  type SearchField,
} from '@/lib/search-fields.ts';
