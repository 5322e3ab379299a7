import type { AclInput, CreateTagInput, DnsEntryInput } from '@meshdeck/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { FastifyRequest } from 'fastify';
import { configTransferRoutes } from './config-transfer.routes.ts';
import type { CallRoute, CreateSet, SetResource } from './config-transfer.service.ts';

/** What a set creation answers per item: the stored row (its `id` for tags and policies). */
type Created = readonly Record<string, unknown>[];

/**
 * What the export and import module uses: the app, whose routes it calls, the database's unit of work, the set
 * creations of the DNS and access-control modules, and the activity log's entries for them (decision 060).
 */
export interface ConfigTransferModuleDeps {
  database: DatabaseHandle;
  /** Each creates a set of one network's items, all or none; a refusal carries the item's `index`. */
  createMany: {
    dns(netid: string, inputs: readonly DnsEntryInput[]): Promise<unknown>;
    tags(netid: string, inputs: readonly CreateTagInput[], createdBy: string): Promise<Created>;
    acls(netid: string, inputs: readonly AclInput[], createdBy: string): Promise<Created>;
  };
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
      response?: Record<string, unknown>;
    }[],
  ) => Promise<void>;
}

/** The route whose activity entries a set's items get, as if each had been created through it. */
const ROUTE_OF: Record<SetResource, string> = {
  dns: 'POST /api/dns/:network',
  tags: 'POST /api/v1/tags',
  acls: 'POST /api/v1/acls',
};

/**
 * Export and import of the configuration (issue 33, decisions 038, 045 and 060): built on the server's own routes,
 * called in process (`inject`) with the caller's token, so each item goes through the same validation,
 * authorization, side effects and activity log as when the console creates it; tags, custom DNS entries and
 * policies, the resources counted in thousands, go in one call per network with the same rules and log entries.
 * An import runs in one database transaction (the handle's unit of work), so it is stored whole or not at all.
 */
export async function register(
  app: ModuleApp,
  { database, createMany, recordCreations }: ConfigTransferModuleDeps,
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
  // The import route admits platform admins only (access.admin), who pass the routes' network-admin checks for
  // every network; the items' activity rows name the importing user as those routes' would. The bodies were
  // parsed by the routes' contract schemas when the import was planned.
  const setAs =
    (request: FastifyRequest): CreateSet =>
    async (resource, netid, bodies) => {
      const createdBy = request.principal.kind === 'user' ? request.principal.username : 'host';
      const rows: Created =
        resource === 'dns'
          ? (await createMany.dns(netid, bodies as unknown as DnsEntryInput[]),
            bodies.map((body) => ({ network: netid, ...body })))
          : resource === 'tags'
            ? await createMany.tags(netid, bodies as unknown as CreateTagInput[], createdBy)
            : await createMany.acls(netid, bodies as unknown as AclInput[], createdBy);
      const params: Record<string, string> = resource === 'dns' ? { network: netid } : {};
      await recordCreations(
        request,
        ROUTE_OF[resource],
        bodies.map((body, i) => ({
          params,
          body: { ...body },
          row: rows[i] ?? {},
          response: { Response: { id: rows[i]?.id } },
        })),
      );
    };
  await app.register(
    configTransferRoutes({ callAs, setAs, unitOfWork: (work) => database.runInTransaction(work) }),
  );
}
