import type { Kysely, Selectable } from 'kysely';
import type { BrandingImagesTable, BrandingTable, Database } from '../../db/schema.ts';

export type BrandingRow = Selectable<BrandingTable>;
/** An image's row without its bytes: what the branding read and index.html need. */
export type BrandingImageMeta = Omit<Selectable<BrandingImagesTable>, 'data'>;
export type BrandingImageRow = Selectable<BrandingImagesTable>;

/** What one write changes: the settings row, and per image kind a new image, null to remove, absent to keep. */
export interface BrandingWrite {
  settings: Omit<BrandingRow, 'id'>;
  images: Record<string, BrandingImageRow | null>;
}

/** SQL for the branding row and its images. */
export class BrandingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored settings and the images' metadata (not their bytes). */
  async read(): Promise<{ settings: BrandingRow | undefined; images: BrandingImageMeta[] }> {
    const settings = await this.db.selectFrom('branding').selectAll().where('id', '=', 1).executeTakeFirst();
    const images = await this.db
      .selectFrom('branding_images')
      .select(['kind', 'content_type', 'width', 'height', 'size', 'sha256'])
      .execute();
    return { settings, images };
  }

  /** One image with its bytes (base64). */
  async image(kind: string): Promise<BrandingImageRow | undefined> {
    return this.db.selectFrom('branding_images').selectAll().where('kind', '=', kind).executeTakeFirst();
  }

  /** Writes the settings and the image changes in one transaction. */
  async write({ settings, images }: BrandingWrite): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('branding')
        .values({ id: 1, ...settings })
        .onConflict((oc) => oc.column('id').doUpdateSet(settings))
        .execute();
      for (const [kind, image] of Object.entries(images)) {
        await trx.deleteFrom('branding_images').where('kind', '=', kind).execute();
        if (image) await trx.insertInto('branding_images').values(image).execute();
      }
    });
  }
}
