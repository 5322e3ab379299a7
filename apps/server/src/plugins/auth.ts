import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decide, type Access, type DecisionContext, type Principal } from '../auth/access.ts';
import { redactSecrets } from '../auth/secrets.ts';
import type { Grants } from '../auth/rbac.ts';
import type { TokenService } from '../auth/tokens.ts';
import { forbidden, unauthorized } from '../lib/api-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: who may call it (see auth/access.ts). */
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal;
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
  /** The networks a host has nodes in (empty when there is no such host), for `host-reader` routes. */
  networksOfHost(hostId: string): Promise<readonly string[]>;
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
export function installAuth(app: FastifyInstance, deps: AuthDependencies): void {
  app.decorateRequest('principal', null as never);
  const masterKeyDigest = deps.masterKey === undefined ? undefined : digest(deps.masterKey);
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    const isDocs = route.url.startsWith('/api/docs');
    if (isApi && !isDocs && route.config?.access === undefined) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no access rule`);
    }
    if (isApi && !isDocs) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push(`${method} ${path}`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) {
      request.principal = { kind: 'anonymous' };
      return;
    }
    request.principal = await authenticate(request, deps, masterKeyDigest, rule.kind);
    const context: DecisionContext = {};
    if (rule.kind === 'user' && rule.rule === 'host-reader' && request.principal.kind === 'user') {
      const hostId = rule.hostId(request);
      context.hostNetworks = hostId === undefined ? [] : await deps.networksOfHost(hostId);
    }
    const decision = decide(rule, request.principal, request, context);
    if (decision === 'unauthenticated') throw unauthorized();
    if (decision === 'forbidden') throw forbidden('access denied: your role does not allow this action');
  });
  // Every object answer passes the one redaction of secrets the caller may not read (auth/secrets.ts); answers
  // already serialised (cached lists, files) carry no secrets by construction, which the RBAC table test scans.
  app.addHook('preSerialization', async (request, _reply, payload) =>
    request.principal ? redactSecrets(payload, request.principal) : payload,
  );
}
