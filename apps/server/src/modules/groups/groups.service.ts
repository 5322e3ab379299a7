import { randomUUID } from 'node:crypto';
import {
  ALL_NETWORKS,
  isPlatformAdminRole,
  type CreateGroupInput,
  type ReturnUser,
  type UpdateGroupInput,
  type UserGroup,
} from '@meshdeck/contracts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import type { IdentityRepositories, IdentityStore } from '../../stores/identity.repository.ts';
import { checkNetworkRoles, presentUser, userGroupIds } from '../users/users.public.ts';
import { presentGroup } from './groups.presenter.ts';

/**
 * Sets who is in a group: adds it to `members`, removes it from everyone else. A membership change is a change
 * of the user's groups, so it deletes their access tokens (api-contract §7.1); their console sessions go on with
 * the new groups (decision 032). Returns everyone whose groups changed.
 */
async function setMembers(
  repos: IdentityRepositories,
  groupId: string,
  members: readonly string[],
  now: string,
): Promise<string[]> {
  for (const username of members) {
    if (!(await repos.users.findByUsername(username))) throw badRequest(`user ${username} does not exist`);
  }
  const current = await repos.users.listInGroups([groupId]);
  const leaving = current.filter((user) => !members.includes(user.username));
  const joining = members.filter((username) => !current.some((user) => user.username === username));
  for (const user of leaving) {
    await repos.users.update(
      user.username,
      { groupIds: userGroupIds(user).filter((id) => id !== groupId) },
      now,
    );
    await repos.tokens.deleteByUser(user.username);
  }
  for (const username of joining) {
    const user = (await repos.users.findByUsername(username))!;
    await repos.users.update(username, { groupIds: [...userGroupIds(user), groupId] }, now);
    await repos.tokens.deleteByUser(username);
  }
  return [...leaving.map((user) => user.username), ...joining];
}

/** User groups (api-contract §2.13): custom groups are created, edited and deleted; default ones are fixed. */
export class GroupsService {
  constructor(
    private readonly store: IdentityStore,
    private readonly events: EventBus,
  ) {}

  /** Every group. */
  async list(): Promise<UserGroup[]> {
    return (await this.store.read.groups.listAll()).map(presentGroup);
  }

  /** Groups giving a role in `netid` or in all networks (api-contract §2.13). */
  async listForNetwork(netid: string): Promise<UserGroup[]> {
    const groups = await this.store.read.groups.listAll();
    return groups
      .filter((group) =>
        Object.keys(JSON.parse(group.network_roles) as object).some(
          (key) => key === netid || key === ALL_NETWORKS,
        ),
      )
      .map(presentGroup);
  }

  /** Users with access to `netid`: platform admins, members of such groups, and holders of a direct role there. */
  async listUsersOfNetwork(netid: string): Promise<ReturnUser[]> {
    const groupIds = (await this.listForNetwork(netid)).map((group) => group.id);
    const users = await this.store.read.users.listAll();
    return users
      .filter(
        (user) =>
          isPlatformAdminRole(user.platform_role_id) ||
          userGroupIds(user).some((id) => groupIds.includes(id)) ||
          netid in (JSON.parse(user.network_roles) as object),
      )
      .map((user) => presentUser(user));
  }

  /** One group by id. */
  async get(id: string): Promise<UserGroup> {
    const row = await this.store.read.groups.findById(id);
    if (!row) throw notFound(`group ${id} not found`);
    return presentGroup(row);
  }

  async #roles(repos: IdentityRepositories, input: UpdateGroupInput['network_roles']): Promise<string> {
    const map = await checkNetworkRoles(repos, input ?? {});
    if (ALL_NETWORKS in map && Object.keys(map).length > 1)
      throw badRequest('a group cannot mix all_networks with specific networks');
    return JSON.stringify(map);
  }

  /** Creates a custom group with a new UUID id and its first members. */
  async create(input: CreateGroupInput): Promise<UserGroup> {
    const name = input.user_group.name ?? input.user_group.id?.trim();
    if (!name) throw badRequest('user_group.name is required');
    const now = new Date().toISOString();
    const created = await this.store.write(async (repos) => {
      const row = {
        id: randomUUID(),
        name,
        is_default: 0,
        meta_data: input.user_group.meta_data,
        network_roles: await this.#roles(repos, input.user_group.network_roles),
        created_at: now,
        updated_at: now,
      };
      const inserted = await repos.groups.insert(row);
      if (inserted === 'duplicate') throw badRequest(`group name ${name} is already in use`);
      const joined = await setMembers(repos, row.id, input.members ?? [], now);
      return { inserted, affected: joined };
    });
    this.events.publish({ resource: 'groups', action: 'created', id: created.inserted.id });
    this.#announceUsers(created.affected);
    return presentGroup(created.inserted);
  }

  /** Tells each user whose groups or group roles changed (and their open consoles) about it. */
  #announceUsers(usernames: readonly string[]): void {
    for (const username of new Set(usernames))
      this.events.publish({ resource: 'users', action: 'updated', id: username });
  }

  /** Edits a custom group; with `members`, also sets exactly who is in it. */
  async update(input: UpdateGroupInput & { members?: unknown }): Promise<UserGroup> {
    const members = Array.isArray(input.members)
      ? input.members.filter((m): m is string => typeof m === 'string')
      : undefined;
    const now = new Date().toISOString();
    const updated = await this.store.write(async (repos) => {
      const current = await repos.groups.findById(input.id);
      if (!current) throw notFound(`group ${input.id} not found`);
      if (current.is_default === 1)
        throw badRequest(`group ${input.id} is a default group and cannot be edited`);
      const row = await repos.groups.update({
        ...current,
        name: input.name ?? current.name,
        meta_data: input.meta_data,
        network_roles: await this.#roles(repos, input.network_roles),
        updated_at: now,
      });
      if (row === 'duplicate') throw badRequest(`group name ${input.name ?? ''} is already in use`);
      // Members before and after: a change of the group's network roles changes what each of them may do.
      const before = (await repos.users.listInGroups([current.id])).map((user) => user.username);
      const changed = members ? await setMembers(repos, current.id, members, now) : [];
      return { row: row!, affected: [...before, ...changed] };
    });
    this.events.publish({ resource: 'groups', action: 'updated', id: updated.row.id });
    this.#announceUsers(updated.affected);
    return presentGroup(updated.row);
  }

  /** Deletes a custom group and takes its members out of it. */
  async delete(id: string): Promise<void> {
    const left = await this.store.write(async (repos) => {
      const current = await repos.groups.findById(id);
      if (!current) throw notFound(`group ${id} not found`);
      if (current.is_default === 1) throw badRequest(`group ${id} is a default group and cannot be deleted`);
      const removed = await setMembers(repos, id, [], new Date().toISOString());
      await repos.groups.deleteByIds([id]);
      return removed;
    });
    this.events.publish({ resource: 'groups', action: 'deleted', id });
    this.#announceUsers(left);
  }
}
