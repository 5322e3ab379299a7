import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ExtClientsTable } from '../../db/schema.ts';

export type ExtClientRow = Selectable<ExtClientsTable>;
export type ExtClientPatch = Updateable<ExtClientsTable>;

/** SQL for external clients and gateway users; the only reader and writer of their tables. */
export class ExtClientsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a client. */
  insert(row: ExtClientRow): Promise<ExtClientRow> {
    return this.db.insertInto('ext_clients').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** One client by id (ids are unique server-wide), or undefined. */
  find(clientId: string): Promise<ExtClientRow | undefined> {
    return this.db.selectFrom('ext_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  /** Every client, by id. */
  listAll(): Promise<ExtClientRow[]> {
    return this.db.selectFrom('ext_clients').selectAll().orderBy('client_id').execute();
  }

  /** The clients of one network (of one owner when given), by id. */
  listByNetwork(netid: string, ownerId?: string): Promise<ExtClientRow[]> {
    let query = this.db.selectFrom('ext_clients').selectAll().where('network', '=', netid);
    if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
    return query.orderBy('client_id').execute();
  }

  /** The clients attached to some gateway nodes. */
  async listByGateways(nodeIds: readonly string[]): Promise<ExtClientRow[]> {
    if (nodeIds.length === 0) return [];
    return this.db
      .selectFrom('ext_clients')
      .selectAll()
      .where('gateway_node_id', 'in', nodeIds)
      .orderBy('client_id')
      .execute();
  }

  /** Enabled clients of some networks: what peer computation adds to gateways and their peers. */
  async listEnabledInNetworks(networks: readonly string[]): Promise<ExtClientRow[]> {
    if (networks.length === 0) return [];
    return this.db
      .selectFrom('ext_clients')
      .selectAll()
      .where('network', 'in', networks)
      .where('enabled', '=', 1)
      .orderBy('client_id')
      .execute();
  }

  /** Client ids in use in a network (for picking a fresh random name). */
  /** Whether a public key is already used by a client or a host (WireGuard keys must be unique on an interface). */
  async isPublicKeyTaken(publicKey: string, exceptClientId?: string): Promise<boolean> {
    let query = this.db.selectFrom('ext_clients').select('client_id').where('public_key', '=', publicKey);
    if (exceptClientId !== undefined) query = query.where('client_id', '!=', exceptClientId);
    if (await query.executeTakeFirst()) return true;
    return (
      (await this.db
        .selectFrom('hosts')
        .select('id')
        .where('public_key', '=', publicKey)
        .executeTakeFirst()) !== undefined
    );
  }

  /** Applies a patch (may rename through `client_id`); undefined when the client is gone. */
  update(clientId: string, patch: ExtClientPatch): Promise<ExtClientRow | undefined> {
    return this.db
      .updateTable('ext_clients')
      .set(patch)
      .where('client_id', '=', clientId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a client and returns it, or undefined when it did not exist. */
  delete(clientId: string): Promise<ExtClientRow | undefined> {
    return this.db
      .deleteFrom('ext_clients')
      .where('client_id', '=', clientId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes every client of a gateway (of one owner when given) and returns them. */
  deleteByGateway(nodeId: string, ownerId?: string): Promise<ExtClientRow[]> {
    let query = this.db.deleteFrom('ext_clients').where('gateway_node_id', '=', nodeId);
    if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
    return query.returningAll().execute();
  }

  /** Attaches a user to a gateway (idempotent). */
  async addGatewayUser(nodeId: string, username: string): Promise<void> {
    await this.db
      .insertInto('gateway_users')
      .values({ node_id: nodeId, username })
      .onConflict((oc) => oc.columns(['node_id', 'username']).doNothing())
      .execute();
  }

  /** Detaches a user from a gateway. */
  async removeGatewayUser(nodeId: string, username: string): Promise<void> {
    await this.db
      .deleteFrom('gateway_users')
      .where('node_id', '=', nodeId)
      .where('username', '=', username)
      .execute();
  }

  /** Detaches every user from a gateway. */
  async removeGatewayUsers(nodeId: string): Promise<void> {
    await this.db.deleteFrom('gateway_users').where('node_id', '=', nodeId).execute();
  }

  /** Users attached to a gateway, by name. */
  async gatewayUsers(nodeId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gateway_users')
      .select('username')
      .where('node_id', '=', nodeId)
      .orderBy('username')
      .execute();
    return rows.map((row) => row.username);
  }

  /** Gateways a user is attached to. */
  async gatewaysOfUser(username: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gateway_users')
      .select('node_id')
      .where('username', '=', username)
      .execute();
    return rows.map((row) => row.node_id);
  }
}
