import { activitySubjectTypes } from '@meshdeck/contracts';
import { searchEnum, searchObject, searchText } from '@/lib/search-fields.ts';

/**
 * The activity page's URL state: the network, user and type filters and the entry whose changes are open.
 * Zod-free: the route tree is in the boot chunk.
 */
export const activityTypeField = searchEnum(activitySubjectTypes);

export const activitySearchSchema = searchObject({
  network: searchText,
  user: searchText,
  type: activityTypeField,
  entry: searchText,
});
export type ActivitySearch = ReturnType<typeof activitySearchSchema>;
