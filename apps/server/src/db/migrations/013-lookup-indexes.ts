import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Indexes for two lookups that scanned their whole table. Every join looks up the hosts behind its public endpoint
 * to keep their listen ports apart (api-contract §5.9): without an index that read all hosts, so the joins of a
 * 10,000-host burst cost more the more hosts there were (the control-plane bench found it in a CPU profile).
 * Access models read a network's assertions whenever the network is read again.
 */
export const lookupIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('hosts_endpoint_ip').on('hosts').column('endpoint_ip').execute();
    await db.schema
      .createIndex('access_assertions_network')
      .on('access_assertions')
      .columns(['network', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('access_assertions_network').execute();
    await db.schema.dropIndex('hosts_endpoint_ip').execute();
  },
};
