import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { bigIntToAddress, createNetworkInputSchema, parseCidr } from '@meshdeck/contracts';
import type { Kysely } from 'kysely';
import type { Database, HostsTable, NodesTable } from '../src/db/schema.ts';
import { NetworksRepository } from '../src/modules/networks/networks.repository.ts';
import { nodeExpiry } from '../src/modules/nodes/node-fields.ts';

export interface SeedOptions {
  network: string;
  /** IPv4 range of the network; must hold `count` addresses. */
  range: string;
  count: number;
  /** Host names are `${namePrefix}${i}` with i zero-padded to 6 digits, so name order is index order. */
  namePrefix?: string;
}

// Rows per INSERT: SQLite allows 32,766 bound variables; hosts have 19 columns.
const BATCH = 500;

/** A random 30-character stem per seeding call; the row index completes it, so keys are unique, not usable. */
const keyStem = (): string => {
  const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
  return Buffer.from(jwk.x ?? '', 'base64url')
    .toString('base64')
    .slice(0, 30);
};

/** The network row, written through the networks repository (for seeding before the server starts). */
export async function seedNetworkRow(db: Kysely<Database>, network: string, range: string): Promise<void> {
  const input = createNetworkInputSchema.parse({ netid: network, addressrange: range });
  const repository = new NetworksRepository(db);
  await repository.inWriteTransaction((trx) => repository.insert(trx, input, new Date()));
}

/**
 * Inserts `count` hosts with one connected node each in an existing network, in batches of multi-row INSERTs
 * inside one transaction: 10,000 hosts take about a second, 100,000 about ten. Benchmarks and scale tests only.
 */
export async function seedHosts(db: Kysely<Database>, options: SeedOptions): Promise<string[]> {
  const cidr = parseCidr(options.range);
  if (!cidr) throw new Error(`bad range ${options.range}`);
  const now = new Date();
  const iso = now.toISOString();
  const expires = nodeExpiry(now);
  const stem = keyStem();
  const prefix = options.namePrefix ?? `${options.network}-host-`;
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < options.count; start += BATCH) {
      const hosts: HostsTable[] = [];
      const nodes: NodesTable[] = [];
      for (let i = start; i < Math.min(options.count, start + BATCH); i++) {
        const id = randomUUID();
        ids.push(id);
        hosts.push({
          id,
          name: `${prefix}${String(i).padStart(6, '0')}`,
          password_hash: 'x',
          public_key: `${stem}${String(i).padStart(13, '0')}=`,
          traffic_key: null,
          version: 'v0.30.0',
          os: 'linux',
          os_details: '{}',
          settings: '{}',
          interfaces: '[]',
          listen_port: 51821,
          public_listen_port: 0,
          mtu: 1420,
          endpoint_ip: `198.18.${(i >> 8) & 255}.${i & 255}`,
          endpoint_ip6: '',
          is_static_port: 0,
          keepalive_seconds: 20,
          mac_address: '',
          created_at: iso,
          updated_at: iso,
        });
        nodes.push({
          id: randomUUID(),
          host_id: id,
          network: options.network,
          address: bigIntToAddress(cidr.network + BigInt(i + 1), 4),
          address6: null,
          connected: 1,
          pending_delete: 0,
          action: 'noop',
          settings: '{}',
          tags: '[]',
          last_check_in: iso,
          last_peer_update: null,
          expires_at: expires,
          created_at: iso,
          updated_at: iso,
        });
      }
      await trx.insertInto('hosts').values(hosts).execute();
      await trx.insertInto('nodes').values(nodes).execute();
    }
  });
  return ids;
}
