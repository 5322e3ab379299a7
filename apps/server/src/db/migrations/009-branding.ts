import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * White-label branding (issue 33, decision 042): one settings row (`id` is always 1) and up to three images.
 * Images are base64 text rather than BLOB/bytea, so both engines take one column type and one code path; they are
 * at most 256 KiB each.
 */
export const branding: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('branding')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('product_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('primary_color_light', 'varchar(7)', (c) => c.notNull())
      .addColumn('primary_color_dark', 'varchar(7)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('branding_images')
      .addColumn('kind', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('branding_images').execute();
    await db.schema.dropTable('branding').execute();
  },
};
