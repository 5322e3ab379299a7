import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const networkColumn = 'varchar(64)';

/**
 * Access control, tags and DNS (issue 32). Everything belongs to a network and goes with it (cascade). Tag
 * membership stays where the contract puts it, in the `tags` of nodes and clients; this table holds the tag
 * records. The old matrix keeps only the cells that differ from the network's `defaultacl`, one row per
 * unordered pair (`a` < `b`), so a network that is mostly default costs nothing. Default policies have a row
 * only once changed (they exist implicitly).
 */
export const accessControl: Migration = {
  async up(db: Kysely<unknown>) {
    const network = (name: string) =>
      db.schema
        .createTable(name)
        .addColumn('network', networkColumn, (c) =>
          c.notNull().references('networks.netid').onDelete('cascade'),
        );
    await network('tags')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('tag_name', 'varchar(128)', (c) => c.notNull())
      .addColumn('color_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'varchar(256)', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await network('acl_policies')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('meta_data', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('policy_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('src_type', 'text', (c) => c.notNull())
      .addColumn('dst_type', 'text', (c) => c.notNull())
      .addColumn('protocol', 'varchar(16)', (c) => c.notNull())
      .addColumn('service_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('ports', 'text', (c) => c.notNull())
      .addColumn('direction', 'integer', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'varchar(256)', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('acl_policies_network').on('acl_policies').column('network').execute();
    await network('acl_matrix')
      .addColumn('a', 'varchar(64)', (c) => c.notNull())
      .addColumn('b', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('acl_matrix_pk', ['network', 'a', 'b'])
      .execute();
    await network('access_assertions')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('src', 'text', (c) => c.notNull())
      .addColumn('dst', 'text', (c) => c.notNull())
      .addColumn('expect', 'varchar(16)', (c) => c.notNull())
      .addColumn('protocol', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('port', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await network('dns_entries')
      .addColumn('name', 'varchar(192)', (c) => c.notNull())
      .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('address6', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('dns_entries_pk', ['network', 'name'])
      .execute();
    await db.schema.createIndex('tags_network').on('tags').column('network').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['dns_entries', 'access_assertions', 'acl_matrix', 'acl_policies', 'tags'])
      await db.schema.dropTable(table).execute();
  },
};
