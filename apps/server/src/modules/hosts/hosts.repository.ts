import type { Kysely, Selectable, Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database, HostsTable } from '../../db/schema.ts';

export type HostRow = Selectable<HostsTable>;
export type HostPatch = Updateable<HostsTable>;

/** SQL for hosts; the only reader and writer of the hosts table. */
export class HostsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One host by id, or undefined. */
  findById(id: string): Promise<HostRow | undefined> {
    return this.db.selectFrom('hosts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Hosts by id, in no particular order. */
  async findByIds(ids: readonly string[]): Promise<HostRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('hosts').selectAll().where('id', 'in', ids).execute();
  }

  /** Every host, by name then id. */
  listAll(): Promise<HostRow[]> {
    return this.db.selectFrom('hosts').selectAll().orderBy('name').orderBy('id').execute();
  }

  /** Inserts a host; 'duplicate' when its id or public key is already registered. */
  async insert(row: HostRow): Promise<HostRow | 'duplicate'> {
    try {
      return await this.db.insertInto('hosts').values(row).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Applies a patch; undefined when the host is gone, 'duplicate' when a new public key is taken. */
  async update(id: string, patch: HostPatch): Promise<HostRow | undefined | 'duplicate'> {
    try {
      return await this.db
        .updateTable('hosts')
        .set(patch)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Deletes a host and, through the foreign key, its nodes; true when it existed. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('hosts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Ids of every host (for fleet-wide messages such as "refresh all keys"). */
  async listIds(): Promise<string[]> {
    return (await this.db.selectFrom('hosts').select('id').execute()).map((row) => row.id);
  }

  /** Every host's name and WireGuard endpoint addresses (the ranges a network routes must stay clear of them). */
  listEndpoints(): Promise<{ name: string; endpoint_ip: string; endpoint_ip6: string }[]> {
    return this.db.selectFrom('hosts').select(['name', 'endpoint_ip', 'endpoint_ip6']).execute();
  }

  /** Hosts with the given public endpoint and listen port, for port de-confliction (api-contract §5.9). */
  async listPortsAtEndpoint(endpointIp: string): Promise<{ id: string; listen_port: number }[]> {
    return this.db
      .selectFrom('hosts')
      .select(['id', 'listen_port'])
      .where('endpoint_ip', '=', endpointIp)
      .execute();
  }
}
