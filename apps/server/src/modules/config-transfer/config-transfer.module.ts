import type { DnsEntryInput } from '@meshdeck/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { FastifyRequest } from 'fastify';
import { configTransferRoutes } from './config-transfer.routes.ts';
import type { CallRoute, CreateDnsSet } from './config-transfer.service.ts';

/**
 * What the export and import module uses: the app, whose routes it calls, the database's unit of work, the DNS
 * module's set creation and the activity log's entries for it (decision 060).
 */
export interface ConfigTransferModuleDeps {
  database: DatabaseHandle;
  /** Creates a set of custom entries of one network, all or none; a refusal carries the item's `index`. */
  createDnsEntries: (netid: string, inputs: readonly DnsEntryInput[]) => Promise<unknown>;
  /**
   * Writes the activity entries the route `"POST /pattern"` would have written for each created item (the activity
   * module's recordCreations).
   */
  recordCreations: (
    request: FastifyRequest,
    route: string,
    created: readonly {
      params: Record<string, string>;
      body: Record<string, unknown>;
      row: Record<string, unknown>;
    }[],
  ) => Promise<void>;
}

/**
 * Export and import of the configuration (issue 33, decisions 038, 045 and 060): built on the server's own routes,
 * called in process (`inject`) with the caller's token, so each item goes through the same validation,
 * authorization, side effects and activity log as when the console creates it; custom DNS entries, the one
 * resource counted in thousands, go in one call per network with the same rules and log entries. An import runs
 * in one database transaction (the handle's unit of work), so it is stored whole or not at all.
 */
export async function register(
  app: ModuleApp,
  { database, createDnsEntries, recordCreations }: ConfigTransferModuleDeps,
): Promise<void> {
  const callAs =
    ({ headers: { authorization } }: { headers: { authorization?: string } }): CallRoute =>
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
  // The import route admits platform admins only (access.admin), who pass the DNS route's network-admin check
  // for every network; the entries' activity rows name the importing user as that route's would.
  const dnsSetAs =
    (request: FastifyRequest): CreateDnsSet =>
    async (netid, bodies) => {
      await createDnsEntries(
        netid,
        bodies.map((body) => ({ ...body })),
      );
      await recordCreations(
        request,
        'POST /api/dns/:network',
        bodies.map((body) => ({
          params: { network: netid },
          body: { ...body },
          row: { network: netid, ...body },
        })),
      );
    };
  await app.register(
    configTransferRoutes({ callAs, dnsSetAs, unitOfWork: (work) => database.runInTransaction(work) }),
  );
}
