import { searchEnum, searchObject, searchText } from '@/lib/search-fields.ts';

/** What the metrics page shows: every pair, only pairs with a problem, or the remote-access clients. */
export const metricsViews = ['pairs', 'problems', 'clients'] as const;
export type MetricsView = (typeof metricsViews)[number];

/** The metrics page's URL state: the search text and the view. */
export const metricsSearchSchema = searchObject({ search: searchText, view: searchEnum(metricsViews) });
