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

/**
 * Items of each resource one document may hold. Import refuses more, and export refuses to write more, so an
 * export always imports back (decision 049); the bound also bounds how long an import's transaction runs.
 */
export const CONFIG_DOCUMENT_MAX_ITEMS = 10_000;
/**
 * Largest document in bytes: the import route's body limit (other routes keep 1 MiB), and what export may write.
 * 10,000 items of each of the five resources at about 300 bytes each fit.
 */
export const CONFIG_DOCUMENT_MAX_BYTES = 16 * 1024 * 1024;

const items = (field: string) => boundedArray(field, z.looseObject({}), CONFIG_DOCUMENT_MAX_ITEMS).nullish();

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
