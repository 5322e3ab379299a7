import { z } from 'zod';
import { boundedArray } from './limits.ts';

/**
 * Export and import of a server's configuration (issue 33): networks, enrollment keys, tags, custom DNS entries
 * and access policies, as their wire objects. `GET /api/v1/export` writes this document; `POST /api/v1/import`
 * reads it (with `?dry_run=true`, only says what it would change).
 */
export const CONFIG_EXPORT_VERSION = 1;
export const configResources = ['networks', 'enrollment_keys', 'tags', 'dns', 'acls'] as const;
export type ConfigResource = (typeof configResources)[number];

const items = (field: string) => boundedArray(field, z.looseObject({}), 10_000).nullish();

export const configDocumentSchema = z.looseObject({
  meshdeck_export: z.literal(CONFIG_EXPORT_VERSION, {
    error: 'meshdeck_export must be 1 (a Meshdeck export)',
  }),
  networks: items('networks'),
  enrollment_keys: items('enrollment_keys'),
  tags: items('tags'),
  dns: items('dns'),
  acls: items('acls'),
});
export type ConfigDocument = z.infer<typeof configDocumentSchema>;

export const importQuerySchema = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'dry_run must be true or false' }).optional(),
});

/** One item of an import plan: what the import does (or would do) with it. */
export const importChangeSchema = z.object({
  resource: z.enum(configResources),
  id: z.string(),
  action: z.enum(['create', 'unchanged']),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const importResultSchema = z.object({
  dry_run: z.boolean(),
  changes: z.array(importChangeSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
