import { randomBytes, randomUUID } from 'node:crypto';
import { bigIntToAddress, parseCidr } from '@meshdeck/contracts';
import { wgPublicKey } from '../test/device-factories.ts';
import type { TestServer } from '../test/harness.ts';
import { HostsRepository } from '../src/modules/hosts/hosts.repository.ts';
import { NodesRepository } from '../src/modules/nodes/nodes.repository.ts';
import { nodeExpiry } from '../src/modules/nodes/node-fields.ts';

/** Inserts `count` hosts with one node each in `network` straight through the repositories (fast seeding). */
export async function seedNetwork(
  server: TestServer,
  network: string,
  range: string,
  count: number,
): Promise<string[]> {
  const cidr = parseCidr(range);
  if (!cidr) throw new Error(`bad range ${range}`);
  const now = new Date();
  const iso = now.toISOString();
  const ids: string[] = [];
  await server.app.meshdeck.database.db.transaction().execute(async (trx) => {
    const hosts = new HostsRepository(trx);
    const nodes = new NodesRepository(trx);
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      ids.push(id);
      await hosts.insert({
        id,
        name: `${network}-host-${i}`,
        password_hash: 'x',
        public_key: wgPublicKey(),
        traffic_key: randomBytes(32).toString('base64'),
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
      await nodes.insert({
        id: randomUUID(),
        host_id: id,
        network,
        address: bigIntToAddress(cidr.network + BigInt(i + 1), 4),
        address6: null,
        connected: 1,
        pending_delete: 0,
        action: 'noop',
        settings: '{}',
        tags: '[]',
        last_check_in: iso,
        last_peer_update: null,
        expires_at: nodeExpiry(now),
        created_at: iso,
        updated_at: iso,
      });
    }
  });
  return ids;
}

/** p-th percentile (0-100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
