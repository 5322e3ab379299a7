import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import { configTransferRoutes } from './config-transfer.routes.ts';
import type { CallRoute } from './config-transfer.service.ts';

/** What the export and import module uses: the app, whose routes it calls, and the database's unit of work. */
export interface ConfigTransferModuleDeps {
  database: DatabaseHandle;
}

/**
 * Export and import of the configuration (issue 33, decisions 038 and 045): built on the server's own routes,
 * called in process (`inject`) with the caller's token, so each item goes through the same validation,
 * authorization, side effects and activity log as when the console creates it; an import runs them all in one
 * database transaction (the handle's unit of work), so it is stored whole or not at all.
 */
export async function register(app: ModuleApp, { database }: ConfigTransferModuleDeps): Promise<void> {
  const callAs =
    (authorization: string | undefined): CallRoute =>
    async (method, url, body) => {
      const answer = await app.inject({
        method,
        url,
        headers: authorization ? { authorization } : {},
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      let parsed: unknown = answer.body;
      try {
        parsed = JSON.parse(answer.body) as unknown;
      } catch {
        // A plain-text answer stays text.
      }
      return { status: answer.statusCode, body: parsed };
    };
  await app.register(configTransferRoutes(callAs, (work) => database.runInTransaction(work)));
}
