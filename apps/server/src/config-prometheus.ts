import { z } from 'zod';

/** The Prometheus exposition's variables (README "Monitoring with Prometheus", decision 058). */
export const prometheusEnvSchema = z.object({
  /**
   * A bearer token Prometheus presents on GET /metrics (`authorization: Bearer <token>`), besides admins' own
   * tokens; unset, only admins (a session, an admin access token or the master key) may read it.
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .refine((value) => value === undefined || value.length >= 16, {
      error: 'must be at least 16 characters when set',
    }),
  /** Which node pairs get series of their own: none, problem pairs only (the default), or all (small meshes). */
  METRICS_PAIRS: z
    .enum(['none', 'problems', 'all'], { error: 'must be "none", "problems" or "all"' })
    .default('problems'),
  /** The most pair series one scrape carries; past it the rest are counted in meshdeck_pair_series_omitted. */
  METRICS_MAX_PAIRS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 100000')
    .max(100_000, 'must be between 0 and 100000')
    .default(1000),
});

/** What GET /metrics accepts and how much of the mesh it shows (decision 058). */
export interface PrometheusConfig {
  token: string | undefined;
  pairs: 'none' | 'problems' | 'all';
  maxPairs: number;
}

export function prometheusConfig(e: z.infer<typeof prometheusEnvSchema>): PrometheusConfig {
  return { token: e.METRICS_TOKEN, pairs: e.METRICS_PAIRS, maxPairs: e.METRICS_MAX_PAIRS };
}
