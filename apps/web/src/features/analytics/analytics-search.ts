import { searchEnum, searchObject, searchText } from '@/lib/search-fields.ts';

/** The chart ranges: each reads the finest level the server keeps that long (decision 061, decision 064). */
export const analyticsRanges = ['hour', 'day', 'week', 'month'] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

/** Seconds each range covers, ending now. */
export const RANGE_SECONDS: Record<AnalyticsRange, number> = {
  hour: 3600,
  day: 24 * 3600,
  week: 7 * 24 * 3600,
  month: 30 * 24 * 3600,
};

/**
 * The analytics page's URL state: the tab, the chart range, the node and (absent for the node as a whole) the peer
 * of the pair.
 */
export const analyticsSearchSchema = searchObject({
  tab: searchEnum(['metrics', 'info', 'graph']),
  range: searchEnum(analyticsRanges),
  node: searchText,
  peer: searchText,
});
