import { searchEnum, searchFlag, searchObject, searchText, type SearchField } from '@/lib/search-fields.ts';

/**
 * What the metrics page shows (checklist §3.20): the five N x N matrices (row = node, column = peer), the
 * remote-access clients, or every pair as a list with its path and reason (networks small enough to read whole).
 */
export const matrixMeasures = ['connectivity', 'latency', 'sent', 'received', 'uptime'] as const;
export type MatrixMeasure = (typeof matrixMeasures)[number];
export const metricsViews = [...matrixMeasures, 'clients', 'pairs'] as const;
export type MetricsView = (typeof metricsViews)[number];

/** A whole number of at least 0 (a row or column offset); anything else is dropped. */
const searchOffset: SearchField<number> = (value) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
};

/**
 * The metrics page's URL state: the view, row search, the peers shown (`peer` name filter), problems only, and the
 * window's first row and column.
 */
export const metricsSearchSchema = searchObject({
  search: searchText,
  view: searchEnum(metricsViews),
  peer: searchText,
  problems: searchFlag,
  row: searchOffset,
  col: searchOffset,
});
export type MetricsSearch = ReturnType<typeof metricsSearchSchema>;
