import { hash, verify } from '@node-rs/argon2';
import {
  fromWireSet,
  isPlatformAdminRole,
  type CreateUserWithGroupsInput,
  type Edition,
  type ReturnUser,
  type UpdateUserInput,
} from '@meshdeck/contracts';
import type { Principal } from '../../auth/access.ts';
import { GLOBAL_NETWORK_ADMIN_GROUP } from '../../auth/builtin-roles.ts';
import { badRequest, forbidden, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import { checkGroupIds, checkNetworkRoles } from './membership.ts';
import type { IdentityRepositories, IdentityStore } from '../../stores/identity.repository.ts';
import { resolveNewUserRole } from './new-user-role.ts';
import { presentUser, userGroupIds } from './users.presenter.ts';
import type { UserRow } from './users.repository.ts';

const TRANSFER_ONLY =
  'the super-admin role can only be handed over with POST /api/users/adm/transfersuperadmin/{username}';
const callerRole = (caller: Principal) =>
  caller.kind === 'user' ? (caller.isMaster ? 'super-admin' : caller.platformRoleId) : '';
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));
const parseRoles = (row: UserRow) => JSON.parse(row.network_roles) as Record<string, string[]>;

/** Admins and super-admins are always members of the all-networks admin group on Pro (api-contract §8.2). */
function withAdminGroup(edition: Edition, role: string, groups: string[]): string[] {
  return edition === 'pro' && isPlatformAdminRole(role) && !groups.includes(GLOBAL_NETWORK_ADMIN_GROUP)
    ? [...groups, GLOBAL_NETWORK_ADMIN_GROUP]
    : groups;
}

/** Who may create, edit, delete whom (api-contract §2.12). No HTTP, no SQL. */
export class UsersAdminService {
  constructor(
    private readonly store: IdentityStore,
    private readonly edition: Edition,
    private readonly events: EventBus,
  ) {}

  /** One user, as GET /api/users/{username} returns it. */
  async get(username: string): Promise<ReturnUser> {
    const user = await this.store.read.users.findByUsername(username);
    if (!user) throw notFound(`user ${username} not found`);
    return presentUser(user, (await this.store.read.tokens.listByUser(username)).length);
  }

  /** Every user sorted by username, with their access-token counts. */
  async list(): Promise<ReturnUser[]> {
    const [users, counts] = await Promise.all([
      this.store.read.users.listAll(),
      this.store.read.tokens.countByUser(),
    ]);
    return users.map((user) => presentUser(user, counts.get(user.username) ?? 0));
  }

  /** An admin creates a user with a role, groups and network roles; a matching invite or pending sign-in goes. */
  async create(caller: Principal, username: string, input: CreateUserWithGroupsInput): Promise<ReturnUser> {
    if (input.username !== undefined && input.username !== username)
      throw badRequest('username in the body must match the username in the path');
    const role = resolveNewUserRole(this.edition, caller, input.platform_role_id);
    const passwordHash = await hash(input.password);
    const created = await this.store.write(async (repos) => {
      const groups = await checkGroupIds(repos, fromWireSet(input.user_group_ids));
      const networkRoles = await checkNetworkRoles(repos, input.network_roles ?? {});
      const row = await repos.users.insert({
        username,
        passwordHash,
        platformRoleId: role,
        isSuperAdmin: false,
        groupIds: withAdminGroup(this.edition, role, groups),
        networkRoles,
        now: new Date().toISOString(),
      });
      if (row === 'duplicate') throw badRequest(`user ${username} already exists`);
      await repos.invites.delete(username);
      await repos.invites.deletePending(username);
      return row;
    });
    this.events.publish({ resource: 'users', action: 'created', id: username });
    return presentUser(created);
  }

  /** Edits a user; a change of role, groups or network roles ends its sessions and deletes its access tokens. */
  async update(caller: Principal, username: string, input: UpdateUserInput): Promise<ReturnUser> {
    if (input.username !== undefined && input.username !== username)
      throw badRequest('username in the body must match the username in the path');
    const passwordHash = input.password ? await hash(input.password) : undefined;
    const updated = await this.store.write(async (repos) => {
      const target = await repos.users.findByUsername(username);
      if (!target) throw notFound(`user ${username} not found`);
      const changes = await this.#changes(repos, caller, target, input);
      if (passwordHash !== undefined && target.auth_type === 'oauth')
        throw badRequest('users who sign in with SSO cannot set a password');
      // A session alone must not be enough to take an account over: your own new password needs the current one.
      if (
        passwordHash !== undefined &&
        caller.kind === 'user' &&
        !caller.isMaster &&
        caller.username === username
      ) {
        const isCurrent =
          input.current_password !== undefined &&
          input.current_password !== '' &&
          (await verify(target.password_hash, input.current_password).catch(() => false));
        if (!isCurrent) throw badRequest('current_password is wrong or missing: enter your current password');
      }
      // A change of role, groups or network roles deletes the user's API access tokens (api-contract §7.1). Their
      // console sessions go on: every request reads the role afresh, and the change event below makes an open
      // console re-read its user and restarts its event stream under the new role (decision 032).
      const isRoleChange =
        changes.platformRoleId !== undefined ||
        changes.groupIds !== undefined ||
        changes.networkRoles !== undefined;
      if (isRoleChange) await repos.tokens.deleteByUser(username);
      const row = await repos.users.update(
        username,
        { ...changes, passwordHash, displayName: input.display_name },
        new Date().toISOString(),
      );
      return row!;
    });
    this.events.publish({ resource: 'users', action: 'updated', id: username });
    return presentUser(updated);
  }

  /** The role, group and network-role changes `input` asks for, after every rule of api-contract §2.12. */
  async #changes(repos: IdentityRepositories, caller: Principal, target: UserRow, input: UpdateUserInput) {
    const by = callerRole(caller);
    const isSelf = caller.kind === 'user' && caller.username === target.username;
    const isSuperCaller = by === 'super-admin';
    if (!isSuperCaller && !isSelf && target.platform_role_id === 'super-admin')
      throw forbidden('only the super-admin can edit the super-admin');
    if (!isSuperCaller && !isSelf && target.platform_role_id === 'admin')
      throw forbidden('an admin cannot edit another admin');
    let role = input.platform_role_id?.trim() || target.platform_role_id;
    // Community users are all admins: whatever the body says, the role stays.
    if (this.edition === 'community') role = target.platform_role_id;
    const roleChanged = role !== target.platform_role_id;
    if (roleChanged) {
      if (role === 'super-admin' || target.platform_role_id === 'super-admin') throw forbidden(TRANSFER_ONLY);
      if (isSelf) throw forbidden('you cannot change your own platform role');
      const stored = await repos.roles.findById(role);
      if (!stored || stored.network_id !== '') throw badRequest(`platform role ${role} does not exist`);
      if (role === 'admin' && !isSuperCaller)
        throw forbidden('only the super-admin can grant the admin role');
    }
    const currentGroups = userGroupIds(target);
    let groups = input.user_group_ids == null ? currentGroups : fromWireSet(input.user_group_ids);
    // Only when role or groups are being set: an unrelated edit (display name, password) must not end sessions.
    if (roleChanged || input.user_group_ids != null) groups = withAdminGroup(this.edition, role, groups);
    const groupsChanged = !sameSet(groups, currentGroups);
    const currentRoles = parseRoles(target);
    const networkRoles =
      input.network_roles == null ? currentRoles : await checkNetworkRoles(repos, input.network_roles);
    const networkRolesChanged = JSON.stringify(networkRoles) !== JSON.stringify(currentRoles);
    if (isSelf && !isSuperCaller && (groupsChanged || networkRolesChanged))
      throw forbidden('you cannot change your own groups or network roles');
    if (groupsChanged) await checkGroupIds(repos, groups);
    return {
      platformRoleId: roleChanged ? role : undefined,
      groupIds: groupsChanged ? groups : undefined,
      networkRoles: networkRolesChanged ? networkRoles : undefined,
    };
  }

  /** Deletes a user; never the super-admin, and an admin only by the super-admin. */
  async delete(caller: Principal, username: string): Promise<string> {
    await this.store.write(async (repos) => {
      const target = await repos.users.findByUsername(username);
      if (!target) throw notFound(`user ${username} not found`);
      if (target.platform_role_id === 'super-admin')
        throw forbidden('the super-admin cannot be deleted: transfer the role to an admin first');
      if (target.platform_role_id === 'admin' && callerRole(caller) !== 'super-admin')
        throw forbidden('only the super-admin can delete an admin');
      await repos.users.delete(username);
    });
    this.events.publish({ resource: 'users', action: 'deleted', id: username });
    return `${username} deleted.`;
  }

  /** Hands the super-admin role to an admin; the old super-admin becomes an admin, in one transaction. */
  async transferSuperAdmin(caller: Principal, username: string): Promise<ReturnUser> {
    const promoted = await this.store.write(async (repos) => {
      const target = await repos.users.findByUsername(username);
      if (!target) throw notFound(`user ${username} not found`);
      if (target.platform_role_id !== 'admin')
        throw forbidden(`user ${username} is not an admin: only an admin can become the super-admin`);
      const current = (await repos.users.listAll()).find((user) => user.super_admin_lock === 1);
      const now = new Date().toISOString();
      // Demote first: the unique super-admin slot must be free before the new holder takes it.
      if (current) {
        await repos.users.update(
          current.username,
          { platformRoleId: 'admin', isSuperAdmin: false, revokeSessions: true },
          now,
        );
        await repos.tokens.deleteByUser(current.username);
      }
      await repos.tokens.deleteByUser(username);
      return (await repos.users.update(
        username,
        { platformRoleId: 'super-admin', isSuperAdmin: true, revokeSessions: true },
        now,
      ))!;
    });
    this.events.publish({ resource: 'users', action: 'updated', id: username });
    if (caller.kind === 'user' && !caller.isMaster)
      this.events.publish({ resource: 'users', action: 'updated', id: caller.username });
    return presentUser(promoted);
  }
}
