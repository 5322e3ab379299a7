import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../lib/api-error.ts';

/**
 * Where a route finds the network it acts in (issue 38, decision 046). Every non-public /api route declares one in
 * its access rule, and the auth plugin refuses to register a route that does not. The plugin resolves the network
 * before authorization, FROM THE OBJECT when the route names one, and judges RBAC on that network; a request's
 * `?network=` or path network that disagrees with the object's is refused.
 */
export type NetworkLocator =
  | {
      /**
       * Platform-wide: the route touches no single network's objects (users, roles, keys, the server), only the
       * caller's own things, or a list its service filters per caller. Judged as a global request.
       */
      kind: 'global';
      /** Why, for readers of the route (what the service filters, or why no network applies). */
      why: string;
    }
  | { kind: 'named'; from: Source }
  | { kind: 'object'; object: NetworkObject; id: Source; named?: Source }
  | {
      /**
       * The network is named in the body, or is the network of an object named in the body. The body is read after
       * authorization, which judges the request on `?network=` (global without it); before the handler runs the
       * plugin refuses a body whose network disagrees with that.
       */
      kind: 'body';
      field: string;
      object?: NetworkObject;
    };

/** A request field: a path parameter or a query string field. */
export interface Source {
  in: 'param' | 'query';
  name: string;
}

/**
 * Objects whose network a route may be found by. Each has a lookup, provided by its owning module through the
 * composition root (app.ts); the server refuses to start when a registered route's object has none.
 */
export type NetworkObject =
  | 'node'
  | 'host'
  | 'extclient'
  | 'tag'
  | 'policy'
  | 'assertion'
  /** A node or a remote-access client (access-control members). */
  | 'member'
  /** An alert rule (Pro, decision 055). */
  | 'alertrule';

/** The networks an object is in: one for most objects, each membership for a host; empty when there is none. */
export type NetworkLookup = (id: string) => Promise<readonly string[]>;

const DESCRIBE: Record<NetworkObject, string> = {
  node: 'node',
  host: 'host',
  extclient: 'client',
  tag: 'tag',
  policy: 'policy',
  assertion: 'check',
  member: 'node',
  alertrule: 'alert rule',
};

/** Builders for locators: `access.networkAdmin(network.param('network'))`. */
export const network = {
  global: (why: string): NetworkLocator => ({ kind: 'global', why }),
  /** The network named by a path parameter. */
  param: (name = 'network'): NetworkLocator => ({ kind: 'named', from: { in: 'param', name } }),
  /** The network named by a query field (`?network=`). */
  query: (name = 'network'): NetworkLocator => ({ kind: 'named', from: { in: 'query', name } }),
  /**
   * The network of the object whose id is the path parameter `param` (or, with `{ query }`, a query field). A
   * network the request also names (the path parameter `networkParam`, and `?network=`) must be the object's.
   */
  of: (object: NetworkObject, id: string | { query: string }, networkParam?: string): NetworkLocator => ({
    kind: 'object',
    object,
    id: typeof id === 'string' ? { in: 'param', name: id } : { in: 'query', name: id.query },
    ...(networkParam ? { named: { in: 'param', name: networkParam } } : {}),
  }),
  /** The network named by body field `field`, or (with `object`) the network of the object whose id it holds. */
  body: (field: string, object?: NetworkObject): NetworkLocator => ({ kind: 'body', field, object }),
};

/** Registry of the object lookups, filled by app.ts once the modules that own the objects are registered. */
export class NetworkLookups {
  private readonly lookups = new Map<NetworkObject, NetworkLookup>();

  constructor(lookups: Partial<Record<NetworkObject, NetworkLookup>> = {}) {
    this.provide(lookups);
  }

  provide(lookups: Partial<Record<NetworkObject, NetworkLookup>>): void {
    for (const [object, lookup] of Object.entries(lookups)) this.lookups.set(object as NetworkObject, lookup);
  }

  has(object: NetworkObject): boolean {
    return this.lookups.has(object);
  }

  async of(object: NetworkObject, id: string): Promise<readonly string[]> {
    const lookup = this.lookups.get(object);
    if (!lookup) throw new Error(`no network lookup for ${object}`);
    return lookup(id);
  }
}

/** The objects a locator looks up (for the start-up check that each has a lookup). */
export const objectOf = (locator: NetworkLocator): NetworkObject | undefined =>
  locator.kind === 'object' || locator.kind === 'body' ? locator.object : undefined;

function read(request: FastifyRequest, source: Source): string | undefined {
  const values = (source.in === 'param' ? request.params : request.query) as
    Record<string, unknown> | undefined;
  const value = values?.[source.name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An id worth a database read: bounded, and without the NUL PostgreSQL cannot compare. */
const isLookupable = (id: string) => id.length <= 256 && !id.includes('\u0000');

/** `?network=`: the v0.30 dashboard names the network of every network-scoped request there (api-contract §1.4). */
const queryNetwork = (request: FastifyRequest) => read(request, { in: 'query', name: 'network' });

/**
 * What the plugin found: `networks` undefined for a global request (judged by platform roles), else the network
 * the request acts in (several only for a host's memberships); `fromObject` says whether they are an object's.
 */
export interface Resolved {
  networks: readonly string[] | undefined;
  /** The field that named the object, for messages. */
  field?: string;
  /** The object kind and id, for messages. */
  object?: { kind: NetworkObject; id: string };
}

/**
 * Resolves the network of a request before authorization (path and query only; body locators finish in
 * `checkBodyNetwork`). Named networks that disagree are a 400 naming the field; an object that is not in the
 * network the request names is a 404 naming the field (whether it exists elsewhere is not said).
 */
export async function resolveNetworks(
  request: FastifyRequest,
  locator: NetworkLocator,
  lookups: NetworkLookups,
): Promise<Resolved> {
  const inQuery = queryNetwork(request);
  switch (locator.kind) {
    case 'global':
      return { networks: undefined };
    case 'named': {
      const named = read(request, locator.from);
      if (named === undefined) return { networks: undefined };
      if (inQuery !== undefined && inQuery !== named)
        throw badRequest(
          `network: the request names network ${inQuery} in ?network= and ${named} in ${locator.from.name}`,
        );
      return { networks: [named] };
    }
    case 'body':
      return { networks: inQuery === undefined ? undefined : [inQuery] };
    case 'object': {
      const id = read(request, locator.id);
      const inPath = locator.named ? read(request, locator.named) : undefined;
      if (inPath !== undefined && inQuery !== undefined && inPath !== inQuery)
        throw badRequest(
          `network: the request names network ${inQuery} in ?network= and ${inPath} in the path`,
        );
      const named = inPath ?? inQuery;
      if (id === undefined) return { networks: named === undefined ? undefined : [named] };
      const object = { kind: locator.object, id };
      // Malformed ids (validation runs after this hook) are nobody's: the route's schema refuses them next.
      const found = isLookupable(id) ? await lookups.of(locator.object, id) : [];
      if (found.length === 0)
        // Unknown object: the named network (or a global request) is judged; the service answers 404.
        return { networks: named === undefined ? undefined : [named], field: locator.id.name, object };
      if (named !== undefined && !found.includes(named))
        throw notFound(`${locator.id.name}: ${DESCRIBE[locator.object]} ${id} not found in network ${named}`);
      return { networks: named === undefined ? found : [named], field: locator.id.name, object };
    }
  }
}

/**
 * For body locators, once the body is validated: the body's network (or its object's) must be the one the request
 * was authorized on. A request authorized globally (platform roles) may name any network.
 */
export async function checkBodyNetwork(
  request: FastifyRequest,
  locator: NetworkLocator,
  resolved: readonly string[] | undefined,
  lookups: NetworkLookups,
): Promise<void> {
  if (locator.kind !== 'body' || resolved === undefined) return;
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[locator.field];
  if (typeof value !== 'string' || value === '') return;
  if (!locator.object) {
    if (!resolved.includes(value))
      throw badRequest(
        `network mismatch: ${locator.field} names network ${value}, the request ?network=${resolved.join(',')}`,
      );
    return;
  }
  const found = isLookupable(value) ? await lookups.of(locator.object, value) : [];
  if (found.length > 0 && !found.some((netid) => resolved.includes(netid)))
    throw notFound(
      `${locator.field}: ${DESCRIBE[locator.object]} ${value} not found in network ${resolved.join(',')}`,
    );
}
