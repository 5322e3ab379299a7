import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  canSeeEverything,
  canSeeNetwork,
  decide,
  type Access,
  type DecisionContext,
  type Principal,
} from '../auth/access.ts';
import {
  checkBodyNetwork,
  objectOf,
  resolveNetworks,
  type NetworkLookups,
  type NetworkObject,
  type Resolved,
} from '../auth/network-locator.ts';
import { redactSecrets } from '../auth/secrets.ts';
import type { Grants } from '../auth/rbac.ts';
import type { TokenService } from '../auth/tokens.ts';
import { forbidden, notFound, unauthorized } from '../lib/api-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: who may call it (see auth/access.ts). */
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal;
    /**
     * The networks this request acts in, as its route's locator resolved them (undefined: a global request). Set
     * before authorization; handlers may rely on it agreeing with the request's path and `?network=`.
     */
    accessNetworks: readonly string[] | undefined;
  }
  interface FastifyInstance {
    /** Every /api route with an access rule, as "METHOD /path/{param}" (the RBAC test walks this list). */
    apiRoutes: readonly string[];
  }
}

export interface AuthDependencies {
  tokens: TokenService;
  masterKey: string | undefined;
  /** Loads an active user's role, groups and resolved grants; undefined when the user is gone or disabled. */
  findActiveUser(username: string): Promise<ActiveUser | undefined>;
  /** Records the use of an API access token; false when it was revoked or has expired. */
  useAccessToken(id: string, username: string): Promise<boolean>;
  /** Where each object's network is looked up (filled by app.ts from the modules that own the objects). */
  lookups: NetworkLookups;
}

export interface ActiveUser {
  platformRoleId: string;
  groupIds: string[];
  /** Session tokens of another generation were ended by a role or group change. */
  tokenGeneration: number;
  grants: Grants;
}

const MASTER_USERNAME = 'masteradministrator';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a presented bearer with the master key in constant time (hashing first hides the key's length). */
function isMasterKey(token: string, masterKeyDigest: Buffer | undefined): boolean {
  return masterKeyDigest !== undefined && timingSafeEqual(digest(token), masterKeyDigest);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

async function authenticate(
  request: FastifyRequest,
  deps: AuthDependencies,
  masterKeyDigest: Buffer | undefined,
  required: Access['kind'],
): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) {
    if (required === 'public') return { kind: 'anonymous' };
    throw unauthorized();
  }
  if (isMasterKey(token, masterKeyDigest)) {
    return required === 'host'
      ? { kind: 'host', hostId: '', isMaster: true }
      : {
          kind: 'user',
          username: MASTER_USERNAME,
          platformRoleId: 'super-admin',
          groupIds: [],
          isMaster: true,
        };
  }
  const verified = await deps.tokens.verify(token);
  if (!verified) {
    if (required === 'public') return { kind: 'anonymous' };
    throw unauthorized('unauthorized: the token is invalid or has expired');
  }
  if (verified.kind === 'host') return { kind: 'host', hostId: verified.hostId, isMaster: false };
  const user = await deps.findActiveUser(verified.username);
  if (!user) throw unauthorized('unauthorized: the user no longer exists or is disabled');
  if (verified.accessTokenId !== undefined) {
    if (!(await deps.useAccessToken(verified.accessTokenId, verified.username)))
      throw unauthorized('unauthorized: the access token was revoked');
  } else if (verified.generation !== user.tokenGeneration) {
    throw unauthorized('unauthorized: the session ended because your role or groups changed; sign in again');
  }
  return {
    kind: 'user',
    username: verified.username,
    platformRoleId: user.platformRoleId,
    groupIds: user.groupIds,
    isMaster: false,
    expiresAt: verified.expiresAt,
    grants: user.grants,
  };
}

/**
 * Authentication and authorization in one place: every /api route must declare `config.access`; each request is
 * authenticated from its bearer token and checked against that declaration before validation runs.
 */
/** Whether an unauthorized read should answer 404 (decision 011): a user read of a network the caller cannot see. */
function isUnseenRead(request: FastifyRequest, rule: Access, resolved: Resolved): string | undefined {
  const principal = request.principal;
  if (request.method !== 'GET' || principal.kind !== 'user' || principal.isMaster) return undefined;
  if (rule.kind === 'public' || (rule.kind === 'host' && !rule.orUser)) return undefined;
  const networks = resolved.networks;
  if (networks !== undefined) {
    if (networks.some((netid) => canSeeNetwork(principal, netid))) return undefined;
    return resolved.object
      ? `${resolved.field}: ${resolved.object.id} not found`
      : `network ${networks.join(',')} not found`;
  }
  // An object that does not exist: the same answer as one in a network the caller cannot see.
  if (resolved.object && !canSeeEverything(principal))
    return `${resolved.field}: ${resolved.object.id} not found`;
  return undefined;
}

export function installAuth(app: FastifyInstance, deps: AuthDependencies): void {
  app.decorateRequest('principal', null as never);
  const masterKeyDigest = deps.masterKey === undefined ? undefined : digest(deps.masterKey);
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  const declaredObjects = new Set<NetworkObject>();
  app.decorateRequest('accessNetworks', undefined);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    const isDocs = route.url.startsWith('/api/docs');
    const rule = route.config?.access;
    if (isApi && !isDocs && rule === undefined) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no access rule`);
    }
    // Isolation by construction (decision 046): every rule says where its network is found.
    if (rule !== undefined && rule.kind !== 'public') {
      if (rule.network === undefined)
        throw new Error(`route ${String(route.method)} ${route.url} declares no network locator`);
      const object = objectOf(rule.network);
      if (object) declaredObjects.add(object);
    }
    if (isApi && !isDocs) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push(`${method} ${path}`);
    }
  });
  // A route found by an object the server cannot look up would judge nothing: refuse to start.
  app.addHook('onReady', async () => {
    const missing = [...declaredObjects].filter((object) => !deps.lookups.has(object));
    if (missing.length > 0) throw new Error(`no network lookup for ${missing.join(', ')}`);
  });
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) {
      request.principal = { kind: 'anonymous' };
      return;
    }
    request.principal = await authenticate(request, deps, masterKeyDigest, rule.kind);
    if (rule.kind === 'public') return;
    const principal = request.principal;
    const resolved = await resolveNetworks(request, rule.network, deps.lookups);
    request.accessNetworks = resolved.networks;
    const unseen = isUnseenRead(request, rule, resolved);
    if (unseen !== undefined) throw notFound(unseen);
    const context: DecisionContext = { networks: resolved.networks };
    if (principal.kind === 'host' && !principal.isMaster && resolved.networks !== undefined)
      context.callerHostNetworks = await deps.lookups.of('host', principal.hostId);
    const decision = decide(rule, principal, request, context);
    if (decision === 'unauthenticated') throw unauthorized();
    if (decision === 'forbidden') throw forbidden('access denied: your role does not allow this action');
  });
  // Body locators: the body, once validated, must name the network the request was authorized on.
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.access;
    if (rule === undefined || rule.kind === 'public' || rule.network.kind !== 'body') return;
    await checkBodyNetwork(request, rule.network, request.accessNetworks, deps.lookups);
  });
  // Every object answer passes the one redaction of secrets the caller may not read (auth/secrets.ts); answers
  // already serialised (cached lists, files) carry no secrets by construction, which the RBAC table test scans.
  app.addHook('preSerialization', async (request, _reply, payload) =>
    request.principal ? redactSecrets(payload, request.principal) : payload,
  );
}
