import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { bigIntToAddress, createNetworkInputSchema, parseCidr } from '@meshdeck/contracts';
import type { Insertable, Kysely } from 'kysely';
import type {
  AclPoliciesTable,
  ActivityLogTable,
  Database,
  DnsEntriesTable,
  EnrollmentKeysTable,
  UsersTable,
} from '../src/db/schema.ts';
import { generateKeyValue } from '../src/modules/enrollment-keys/key-rules.ts';
import { NetworksRepository } from '../src/modules/networks/networks.repository.ts';

/** Names the scale specs look for: `<prefix>` and the index zero-padded to 6 digits, so name order is index order. */
export const seededName = (prefix: string, index: number) => `${prefix}${String(index).padStart(6, '0')}`;

// Rows per multi-row INSERT: well under SQLite's 32,766 bound variables for the widest table here (15 columns).
const BATCH = 500;

async function insertInBatches<T>(
  count: number,
  make: (index: number) => T,
  write: (rows: T[]) => Promise<void>,
) {
  for (let start = 0; start < count; start += BATCH) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) rows.push(make(i));
    await write(rows);
  }
}

/**
 * Seeds `count` rows of each console list that is not a host or a node (networks, enrollment keys, custom DNS
 * entries of `network`, access policies of the first seeded network, users, activity entries), in the stored
 * shape the server writes. Benchmarks and scale tests only.
 */
export async function seedLists(db: Kysely<Database>, network: string, count: number): Promise<void> {
  const now = new Date();
  const iso = now.toISOString();
  // Networks through their repository (it fills the defaults the create route would); /28s inside 172.16.0.0/12.
  const networks = new NetworksRepository(db);
  const base = parseCidr('172.16.0.0/12');
  if (!base) throw new Error('bad base range');
  await networks.inWriteTransaction(async (trx) => {
    for (let i = 0; i < count; i++) {
      const range = `${bigIntToAddress(base.network + BigInt(i * 16), 4)}/28`;
      const input = createNetworkInputSchema.parse({
        netid: seededName('scale-net-', i),
        addressrange: range,
      });
      const created = await networks.insert(trx, input, now);
      if (created === 'duplicate') throw new Error(`network ${input.netid} exists`);
    }
  });
  await db.transaction().execute(async (trx) => {
    await insertInBatches<Insertable<EnrollmentKeysTable>>(
      count,
      (i) => ({
        value: generateKeyValue(),
        name: seededName('scale-key-', i),
        tags: JSON.stringify([seededName('scale-key-', i)]),
        networks: JSON.stringify([network]),
        expires_at: null,
        uses_remaining: 0,
        unlimited: 1,
        type: 3,
        relay: '',
        groups: '[]',
        is_default: 0,
        created_at: iso,
      }),
      async (rows) => void (await trx.insertInto('enrollment_keys').values(rows).execute()),
    );
    await insertInBatches<Insertable<DnsEntriesTable>>(
      count,
      (i) => ({
        network,
        // Names and addresses a network's entries may have (decision 048): under `.<network>`, inside the
        // scale network's 10.96.0.0/12 (scripts/e2e-server.mjs).
        name: `${seededName('scale-dns-', i)}.${network}`,
        address: `10.100.${(i >> 8) & 255}.${i & 255}`,
        address6: '',
      }),
      async (rows) => void (await trx.insertInto('dns_entries').values(rows).execute()),
    );
    // Access policies in the first seeded network, which has no nodes: no peer update has 10,000 rules to apply.
    await insertInBatches<Insertable<AclPoliciesTable>>(
      count,
      (i) => ({
        id: randomUUID(),
        network: seededName('scale-net-', 0),
        name: seededName('scale-acl-', i),
        meta_data: '',
        policy_type: 'device-policy',
        src_type: JSON.stringify([{ id: 'tag', value: '*' }]),
        dst_type: JSON.stringify([{ id: 'tag', value: '*' }]),
        protocol: 'all',
        service_type: 'Any',
        ports: '[]',
        direction: 1,
        enabled: 1,
        is_default: 0,
        created_by: 'scale-admin',
        created_at: iso,
      }),
      async (rows) => void (await trx.insertInto('acl_policies').values(rows).execute()),
    );
  });
  // One real argon2 hash shared by every seeded user; admins, as every user a community server creates.
  const passwordHash = await hash('scale-user-password');
  await db.transaction().execute(async (trx) => {
    await insertInBatches<Insertable<UsersTable>>(
      count,
      (i) => ({
        username: seededName('scale-user-', i),
        password_hash: passwordHash,
        platform_role_id: 'admin',
        super_admin_lock: null,
        auth_type: 'basic_auth',
        external_id: '',
        display_name: '',
        user_group_ids: '[]',
        network_roles: '{}',
        account_disabled: 0,
        last_login_time: null,
        created_at: iso,
        updated_at: iso,
      }),
      async (rows) => void (await trx.insertInto('users').values(rows).execute()),
    );
    // Activity ids sort in recording order (activity.capture.ts): entry i was recorded i seconds after the first.
    const first = now.getTime() - count * 1000;
    await insertInBatches<Insertable<ActivityLogTable>>(
      count,
      (i) => {
        const at = first + i * 1000;
        return {
          id: `${at.toString().padStart(13, '0')}-${String(i).padStart(6, '0')}-00000000`,
          time_stamp: new Date(at).toISOString(),
          action: 'CREATE',
          subject_type: 'DNS',
          target_id: seededName('scale-dns-', i),
          target_name: seededName('scale-dns-', i),
          network_id: network,
          actor_kind: 'user',
          actor_id: seededName('scale-user-', i),
          actor_name: seededName('scale-user-', i),
          origin: 'API',
          client_address: '127.0.0.1',
          route: 'POST /api/dns/:network',
          diff_old: null,
          diff_new: JSON.stringify({ name: seededName('scale-dns-', i) }),
        };
      },
      async (rows) => void (await trx.insertInto('activity_log').values(rows).execute()),
    );
  });
}
