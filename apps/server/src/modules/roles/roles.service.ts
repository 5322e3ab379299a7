import { randomUUID } from 'node:crypto';
import {
  ALL_NETWORKS,
  type CreateRoleInput,
  type Edition,
  type UpdateRoleInput,
  type UserRole,
} from '@meshdeck/contracts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import type { IdentityRepositories, IdentityStore } from '../../stores/identity.repository.ts';
import type { RoleRow } from './roles.repository.ts';
import { presentRole } from '../users/users.public.ts';

/** Whether a network exists (the networks module answers). */
export type NetworkExists = (netid: string) => Promise<boolean>;

const parse = (text: string) => JSON.parse(text) as Record<string, string[]>;

/** A {network: role ids} map without one role (networks left with no role drop out). */
function withoutRole(map: Record<string, string[]>, id: string): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [net, ids] of Object.entries(map)) {
    const kept = ids.filter((roleId) => roleId !== id);
    if (kept.length > 0) result[net] = kept;
  }
  return result;
}

/** Platform and network roles (api-contract §2.13, §8): only custom network roles can be written. No HTTP, no SQL. */
export class RolesService {
  constructor(
    private readonly store: IdentityStore,
    private readonly edition: Edition,
    private readonly networkExists: NetworkExists,
    private readonly events: EventBus,
  ) {}

  /** Platform roles (community, or `platform=true`), otherwise network roles. */
  async list(platform: boolean): Promise<UserRole[]> {
    const wantPlatform = platform || this.edition === 'community';
    const rows = await this.store.read.roles.listAll();
    return rows.filter((row) => (row.network_id === '') === wantPlatform).map(presentRole);
  }

  /** One role by id. */
  async get(id: string): Promise<UserRole> {
    const row = await this.store.read.roles.findById(id);
    if (!row) throw notFound(`role ${id} not found`);
    return presentRole(row);
  }

  async #checkNetwork(netid: string): Promise<void> {
    if (netid !== ALL_NETWORKS && !(await this.networkExists(netid)))
      throw badRequest(`network ${netid} does not exist`);
  }

  async #checkName(repos: IdentityRepositories, name: string, id: string): Promise<void> {
    const other = await repos.roles.findByName(name);
    if (other && other.id !== id) throw badRequest(`role name ${name} is already in use`);
  }

  /** Creates a custom network role with a new UUID id; the name must be unique. */
  async create(input: CreateRoleInput): Promise<UserRole> {
    const name = input.name ?? input.id?.trim();
    if (!name) throw badRequest('name is required');
    await this.#checkNetwork(input.network_id);
    const row: RoleRow = {
      id: randomUUID(),
      name,
      is_default: 0,
      meta_data: input.meta_data,
      deny_dashboard_access: input.deny_dashboard_access ? 1 : 0,
      full_access: input.full_access ? 1 : 0,
      network_id: input.network_id,
      network_level_access: JSON.stringify(input.network_level_access ?? {}),
      global_level_access: '{}',
    };
    const created = await this.store.write(async (repos) => {
      await this.#checkName(repos, name, row.id);
      const inserted = await repos.roles.insert(row);
      if (inserted === 'duplicate') throw badRequest(`role ${row.id} already exists`);
      return inserted;
    });
    this.events.publish({ resource: 'roles', action: 'created', id: created.id });
    return presentRole(created);
  }

  /** Replaces a custom role's permissions; default roles and moves to another network are refused. */
  async update(input: UpdateRoleInput): Promise<UserRole> {
    const updated = await this.store.write(async (repos) => {
      const current = await repos.roles.findById(input.id);
      if (!current) throw notFound(`role ${input.id} not found`);
      if (current.is_default === 1)
        throw badRequest(`role ${input.id} is a default role and cannot be edited`);
      if (current.network_id !== input.network_id)
        throw badRequest(
          `role ${input.id} belongs to network ${current.network_id}, not ${input.network_id}`,
        );
      const name = input.name ?? current.name;
      await this.#checkName(repos, name, current.id);
      return (await repos.roles.update({
        ...current,
        name,
        meta_data: input.meta_data,
        deny_dashboard_access: input.deny_dashboard_access ? 1 : 0,
        full_access: input.full_access ? 1 : 0,
        network_level_access: JSON.stringify(input.network_level_access ?? {}),
      }))!;
    });
    this.events.publish({ resource: 'roles', action: 'updated', id: updated.id });
    return presentRole(updated);
  }

  /** Deletes a custom role and takes it out of every group and user that held it, in one transaction. */
  async delete(id: string): Promise<void> {
    await this.store.write(async (repos) => {
      const role = await repos.roles.findById(id);
      if (!role) throw notFound(`role ${id} not found`);
      if (role.network_id === '') throw badRequest(`role ${id} is a platform role and cannot be deleted`);
      if (role.is_default === 1) throw badRequest(`role ${id} is a default role and cannot be deleted`);
      const now = new Date().toISOString();
      for (const group of await repos.groups.listAll()) {
        const map = parse(group.network_roles);
        if (!Object.values(map).some((ids) => ids.includes(id))) continue;
        await repos.groups.update({
          ...group,
          network_roles: JSON.stringify(withoutRole(map, id)),
          updated_at: now,
        });
      }
      for (const user of await repos.users.listWithNetworkRoles(role.network_id)) {
        await repos.users.update(
          user.username,
          { networkRoles: withoutRole(parse(user.network_roles), id) },
          now,
        );
      }
      await repos.roles.deleteByIds([id]);
    });
    this.events.publish({ resource: 'roles', action: 'deleted', id });
  }
}
