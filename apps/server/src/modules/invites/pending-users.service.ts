import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  ZERO_TIME,
  fromWireSet,
  isPlatformAdminRole,
  type ApprovePendingUserInput,
  type Edition,
  type ReturnUser,
} from '@meshdeck/contracts';
import type { Principal } from '../../auth/access.ts';
import { GLOBAL_NETWORK_ADMIN_GROUP } from '../../auth/builtin-roles.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import { checkGroupIds, resolveNewUserRole } from '../users/users.public.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import type { PendingUserRow } from './invites.repository.ts';

/** A pending sign-in in ReturnUser form (api-contract §2.13: `GET /api/users_pending` returns ReturnUser[]). */
const presentPending = (row: PendingUserRow): ReturnUser => ({
  username: row.username,
  isadmin: false,
  issuperadmin: false,
  auth_type: 'oauth',
  remote_gw_ids: null,
  user_group_ids: {},
  platform_role_id: '',
  network_roles: {},
  last_login_time: ZERO_TIME,
  display_name: '',
  account_disabled: false,
  is_mfa_enabled: false,
  num_access_tokens: 0,
  created_at: row.created_at,
  updated_at: row.created_at,
});

/** SSO sign-ins without an invite wait here until an admin approves (with a role) or denies them. */
export class PendingUsersService {
  constructor(
    private readonly store: IdentityStore,
    private readonly events: EventBus,
    private readonly edition: Edition,
  ) {}

  /** Every pending user. */
  async list(): Promise<ReturnUser[]> {
    return (await this.store.read.invites.listPending()).map(presentPending);
  }

  /** Records an SSO sign-in that has no account yet (idempotent). */
  async add(username: string, externalId: string): Promise<void> {
    await this.store.read.invites.addPending({
      username,
      external_id: externalId,
      created_at: new Date().toISOString(),
    });
    this.events.publish({ resource: 'users', action: 'created' });
  }

  /**
   * Approves one: creates an OAuth user with the platform role and groups the body names, by the rules of creating
   * a user (only the super-admin makes admins, who join the all-networks admin group), or the contract's
   * service-user when it names none. Its password is a random secret nobody knows; basic login refuses OAuth
   * users anyway. One transaction: the user exists with its role, or is still pending.
   */
  async approve(caller: Principal, username: string, input: ApprovePendingUserInput): Promise<void> {
    const requested = input?.platform_role_id?.trim() || 'service-user';
    const role = resolveNewUserRole(this.edition, caller, requested);
    const passwordHash = await hash(randomBytes(32).toString('base64url'));
    await this.store.write(async (repos) => {
      const pending = await repos.invites.findPending(username);
      if (!pending) throw notFound(`no pending user ${username}`);
      const groups = await checkGroupIds(repos, fromWireSet(input?.user_group_ids));
      const created = await repos.users.insert({
        username,
        passwordHash,
        platformRoleId: role,
        isSuperAdmin: false,
        groupIds:
          this.edition === 'pro' && isPlatformAdminRole(role) && !groups.includes(GLOBAL_NETWORK_ADMIN_GROUP)
            ? [...groups, GLOBAL_NETWORK_ADMIN_GROUP]
            : groups,
        now: new Date().toISOString(),
        authType: 'oauth',
        externalId: pending.external_id,
      });
      if (created === 'duplicate') throw badRequest(`user ${username} already exists`);
      await repos.invites.deletePending(username);
    });
    this.events.publish({ resource: 'users', action: 'created', id: username });
  }

  /** Denies one pending user. */
  async deny(username: string): Promise<void> {
    if (!(await this.store.read.invites.deletePending(username)))
      throw notFound(`no pending user ${username}`);
    this.events.publish({ resource: 'users', action: 'deleted' });
  }

  /** Denies every pending user. */
  async denyAll(): Promise<void> {
    await this.store.read.invites.deleteAllPending();
    this.events.publish({ resource: 'users', action: 'deleted' });
  }
}
