import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_MAX_DAYS,
  isPlatformAdminRole,
  type CreateAccessTokenInput,
  type UserAccessToken,
} from '@meshdeck/contracts';
import type { Principal } from '../../auth/access.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { badRequest, forbidden, notFound } from '../../lib/api-error.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import type { AccessTokenRow } from './access-tokens.repository.ts';

const present = (row: AccessTokenRow): UserAccessToken => ({
  ...row,
  last_used: row.last_used ?? '0001-01-01T00:00:00Z',
});

/**
 * API access tokens (api-contract §2.12, §7.1): users mint them for themselves; the super-admin for anyone; an
 * admin for users who are not admins. A token works until it expires or its row is deleted.
 */
export class AccessTokensService {
  constructor(
    private readonly store: IdentityStore,
    private readonly tokens: TokenService,
    private readonly apiHost: string,
  ) {}

  async #checkManage(caller: Principal, username: string): Promise<void> {
    if (caller.kind !== 'user') throw forbidden();
    const target = await this.store.read.users.findByUsername(username);
    if (!target) throw badRequest(`user ${username} does not exist`);
    if (caller.username === username || caller.isMaster || caller.platformRoleId === 'super-admin') return;
    if (caller.platformRoleId === 'admin' && !isPlatformAdminRole(target.platform_role_id)) return;
    throw forbidden(
      caller.platformRoleId === 'admin'
        ? 'an admin cannot manage access tokens of admins or the super-admin'
        : 'you can only manage your own access tokens',
    );
  }

  /** Mints a token; the JWT is returned once and never stored. */
  async create(
    caller: Principal,
    input: CreateAccessTokenInput,
  ): Promise<{ UserName: string; AuthToken: string }> {
    const expiresAt = new Date(input.expires_at);
    if (expiresAt.getTime() <= Date.now()) throw badRequest('expires_at must be in the future');
    if (expiresAt.getTime() > Date.now() + ACCESS_TOKEN_MAX_DAYS * 24 * 3600 * 1000)
      throw badRequest(`expires_at must be at most ${ACCESS_TOKEN_MAX_DAYS} days from now`);
    await this.#checkManage(caller, input.user_name);
    const user = (await this.store.read.users.findByUsername(input.user_name))!;
    const id = randomUUID();
    await this.store.read.tokens.insert({
      id,
      name: input.name,
      user_name: input.user_name,
      expires_at: expiresAt.toISOString(),
      last_used: null,
      created_by: caller.kind === 'user' ? caller.username : '',
      created_at: new Date().toISOString(),
    });
    return {
      UserName: input.user_name,
      AuthToken: await this.tokens.signAccessToken(
        input.user_name,
        user.platform_role_id,
        id,
        expiresAt,
        this.apiHost,
      ),
    };
  }

  /** One user's tokens (without their values). */
  async list(caller: Principal, username: string): Promise<UserAccessToken[]> {
    await this.#checkManage(caller, username);
    return (await this.store.read.tokens.listByUser(username)).map(present);
  }

  /** Revokes a token: it stops working at once. */
  async revoke(caller: Principal, id: string): Promise<void> {
    const row = await this.store.read.tokens.findById(id);
    if (!row) throw notFound(`access token ${id} not found`);
    await this.#checkManage(caller, row.user_name);
    await this.store.read.tokens.delete(id);
  }

  /** Records a use of a token by the auth plugin; false when revoked or expired. */
  use(id: string, username: string): Promise<boolean> {
    return this.store.read.tokens.markUsed(id, username, new Date().toISOString());
  }
}
