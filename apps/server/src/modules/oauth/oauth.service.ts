import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Edition } from '@meshdeck/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { GLOBAL_NETWORK_ADMIN_GROUP } from '../../auth/builtin-roles.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { ApiError, badRequest } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import { newCodeVerifier, newState, type OidcProvider } from './oidc-client.ts';

/** How long a started sign-in may take at the provider. */
const SIGN_IN_TTL_MS = 10 * 60 * 1000;

export type OAuthOutcome =
  | { kind: 'login'; username: string; token: string }
  | { kind: 'pending'; username: string }
  | { kind: 'denied'; reason: string };

/**
 * Single sign-on (api-contract §2.12, §7.2): a sign-in with a known OAuth user logs in; one with an invite creates
 * the user from the invite; any other becomes a pending user an admin must approve. No HTTP, no SQL.
 */
export class OAuthService {
  readonly #started = new Map<string, { codeVerifier: string; expiresAt: number }>();

  constructor(
    private readonly store: IdentityStore,
    private readonly tokens: TokenService,
    private readonly provider: OidcProvider,
    private readonly allowedDomains: readonly string[],
    private readonly edition: Edition,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts a sign-in: remembers its PKCE verifier under a fresh state and returns the provider's URL. */
  async start(redirectUri: string): Promise<{ url: string; state: string }> {
    const now = Date.now();
    for (const [key, entry] of this.#started) if (entry.expiresAt < now) this.#started.delete(key);
    const state = newState();
    const codeVerifier = newCodeVerifier();
    const url = await this.provider
      .authorizationUrl(redirectUri, state, codeVerifier)
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'OpenID provider discovery failed');
        throw new ApiError(502, 'the single sign-on provider could not be reached');
      });
    this.#started.set(state, { codeVerifier, expiresAt: now + SIGN_IN_TTL_MS });
    return { url: url.href, state };
  }

  /** Finishes a sign-in from the provider's callback; `browserState` is the state cookie set by start(). */
  async finish(callbackUrl: URL, browserState: string | undefined): Promise<OAuthOutcome> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    const started = this.#started.get(state);
    // The cookie ties the callback to the browser that started the sign-in (no login CSRF).
    if (!started || started.expiresAt < Date.now() || browserState !== state)
      throw badRequest('this sign-in expired or was not started from this browser: sign in again');
    this.#started.delete(state);
    const identity = await this.provider
      .finish(callbackUrl, state, started.codeVerifier)
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'single sign-on callback refused');
        throw badRequest('the single sign-on provider did not confirm the sign-in: sign in again');
      });
    const email = identity.email?.trim().toLowerCase();
    if (!email) return { kind: 'denied', reason: 'the provider did not share an email address' };
    if (identity.emailVerified === false)
      return { kind: 'denied', reason: 'the email address is not verified at the provider' };
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (this.allowedDomains.length > 0 && !this.allowedDomains.includes(domain))
      return { kind: 'denied', reason: `email domain ${domain} is not allowed` };
    return this.#signIn(email, identity.subject);
  }

  async #signIn(email: string, subject: string): Promise<OAuthOutcome> {
    const passwordHash = await hash(randomBytes(32).toString('base64url'));
    const result = await this.store
      .write(async (repos): Promise<OAuthOutcome | { kind: 'user'; role: string; generation: number }> => {
        const user = await repos.users.findByUsername(email);
        if (user) {
          if (user.auth_type !== 'oauth')
            return { kind: 'denied', reason: 'this account signs in with a password' };
          if (user.account_disabled === 1) return { kind: 'denied', reason: 'this account is disabled' };
          return { kind: 'user', role: user.platform_role_id, generation: user.token_generation };
        }
        const invite = await repos.invites.find(email);
        if (!invite) {
          await repos.invites.addPending({
            username: email,
            external_id: subject,
            created_at: new Date().toISOString(),
          });
          return { kind: 'pending', username: email };
        }
        const groups = JSON.parse(invite.user_group_ids) as string[];
        const isAdmin = invite.platform_role_id === 'admin' && this.edition === 'pro';
        const created = await repos.users.insert({
          username: email,
          passwordHash,
          platformRoleId: invite.platform_role_id,
          isSuperAdmin: false,
          groupIds:
            isAdmin && !groups.includes(GLOBAL_NETWORK_ADMIN_GROUP)
              ? [...groups, GLOBAL_NETWORK_ADMIN_GROUP]
              : groups,
          networkRoles: JSON.parse(invite.network_roles) as Record<string, string[]>,
          now: new Date().toISOString(),
          authType: 'oauth',
          externalId: subject,
        });
        if (created === 'duplicate')
          return { kind: 'denied', reason: 'this account was created meanwhile: sign in again' };
        await repos.invites.delete(email);
        await repos.invites.deletePending(email);
        return { kind: 'user', role: created.platform_role_id, generation: 0 };
      })
      // A full users limit (checked at the insert, decision 049) sends the person back with its reason.
      .catch((error: unknown): OAuthOutcome => {
        if (error instanceof ApiError && error.statusCode === 403)
          return { kind: 'denied', reason: error.message };
        throw error;
      });
    if (result.kind !== 'user') {
      if (result.kind === 'pending') this.events.publish({ resource: 'users', action: 'created' });
      return result;
    }
    await this.store.read.users.touchLastLogin(email, new Date().toISOString());
    return {
      kind: 'login',
      username: email,
      token: await this.tokens.signUserToken(email, result.role, new Date(), result.generation),
    };
  }
}
