import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { ZERO_TIME, type ReturnUser } from '@meshdeck/contracts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
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

/** SSO sign-ins without an invite wait here until an admin approves (as service-user) or denies them. */
export class PendingUsersService {
  constructor(
    private readonly store: IdentityStore,
    private readonly events: EventBus,
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
   * Approves one: creates an OAuth user with the service-user role. Its password is a random secret nobody
   * knows, and basic login refuses OAuth users anyway.
   */
  async approve(username: string): Promise<void> {
    const passwordHash = await hash(randomBytes(32).toString('base64url'));
    await this.store.write(async (repos) => {
      const pending = await repos.invites.findPending(username);
      if (!pending) throw notFound(`no pending user ${username}`);
      const created = await repos.users.insert({
        username,
        passwordHash,
        platformRoleId: 'service-user',
        isSuperAdmin: false,
        groupIds: [],
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
