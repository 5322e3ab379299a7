import { envelopeSchema, importResultSchema, type ImportResult } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';

/** GET v1/export: the configuration as an import document, as text ready to save. */
export async function exportConfiguration(): Promise<string> {
  const document = await apiClient.get('v1/export');
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** POST v1/import: plans (dry run) or applies an export document. */
export async function importConfiguration(document: unknown, isDryRun: boolean): Promise<ImportResult> {
  const answer = await apiClient.post('v1/import', document, {
    query: { dry_run: isDryRun },
    schema: envelopeSchema(importResultSchema),
  });
  return answer.Response;
}
