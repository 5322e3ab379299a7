import { createHash } from 'node:crypto';
import {
  BRANDING_LIMITS,
  DEFAULT_BRANDING,
  brandingImageTypes,
  type Branding,
  type BrandingImageKind,
  type BrandingInput,
} from '@meshdeck/contracts/branding';
import { badRequest } from '../../lib/api-error.ts';
import type { BrandingImageMeta, BrandingImageRow, BrandingRepository } from './branding.repository.ts';
import { readImageHeader } from './image-header.ts';

/** Where the image of `kind` is served; the version changes with its content, so the URL can be cached for good. */
export const brandingImageUrl = (kind: string, sha256: string) =>
  `/api/v1/branding/images/${kind}?v=${sha256.slice(0, 16)}`;

const FIELDS = { 'logo-light': 'logo_light', 'logo-dark': 'logo_dark', favicon: 'favicon' } as const;
const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/x-icon': 'ICO',
};
const SVG_START = /^(\uFEFF)?\s*(<\?xml|<!--|<!DOCTYPE\s+svg|<svg)/i;

/** Branding rules: spec §9's defaults unless a Pro server stores its own; uploads checked from their bytes. */
export class BrandingService {
  constructor(
    private readonly repository: BrandingRepository,
    private readonly isPro: boolean,
    /** Told after each saved change (the change stream, so open consoles apply it). */
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** The branding in effect: the stored one on Pro, the defaults otherwise (spec §1). */
  async get(): Promise<Branding> {
    if (!this.isPro) return DEFAULT_BRANDING;
    const { settings, images } = await this.repository.read();
    const image = (kind: BrandingImageKind) => present(images.find((row) => row.kind === kind));
    const branding = {
      product_name: settings?.product_name ?? DEFAULT_BRANDING.product_name,
      primary_color_light: settings?.primary_color_light ?? DEFAULT_BRANDING.primary_color_light,
      primary_color_dark: settings?.primary_color_dark ?? DEFAULT_BRANDING.primary_color_dark,
      logo_light: image('logo-light'),
      logo_dark: image('logo-dark'),
      favicon: image('favicon'),
    };
    // Custom when anything differs from the defaults: a branding reset to them leaves index.html untouched.
    const isCustom =
      images.length > 0 ||
      branding.product_name !== DEFAULT_BRANDING.product_name ||
      branding.primary_color_light !== DEFAULT_BRANDING.primary_color_light ||
      branding.primary_color_dark !== DEFAULT_BRANDING.primary_color_dark;
    return { ...branding, is_custom: isCustom };
  }

  /** Checks every upload first, then writes settings and images in one transaction (nothing half-written). */
  async set(input: BrandingInput): Promise<Branding> {
    const images: Record<string, BrandingImageRow | null> = {};
    for (const [kind, field] of Object.entries(FIELDS) as [
      BrandingImageKind,
      (typeof FIELDS)[BrandingImageKind],
    ][]) {
      const value = input[field];
      if (value === undefined) continue;
      images[kind] = value === null ? null : checkImage(kind, field, value);
    }
    await this.repository.write({
      settings: {
        product_name: input.product_name,
        primary_color_light: input.primary_color_light,
        primary_color_dark: input.primary_color_dark,
        updated_at: new Date().toISOString(),
      },
      images,
    });
    this.onChange();
    return this.get();
  }

  /** An image to serve, with whether `version` names its current content; undefined when there is none. */
  async image(kind: BrandingImageKind, version?: string) {
    if (!this.isPro) return undefined;
    const row = await this.repository.image(kind);
    if (!row) return undefined;
    return {
      contentType: row.content_type,
      etag: `"${row.sha256}"`,
      bytes: Buffer.from(row.data, 'base64'),
      isCurrentVersion: version === row.sha256.slice(0, 16),
    };
  }
}

function present(row: BrandingImageMeta | undefined): Branding['logo_light'] {
  if (!row) return null;
  return {
    url: brandingImageUrl(row.kind, row.sha256),
    content_type: row.content_type,
    width: row.width,
    height: row.height,
    size: row.size,
  };
}

/** Decodes an upload and checks its type, size and dimensions from its own bytes; a 400 names the field. */
function checkImage(kind: BrandingImageKind, field: string, base64: string): BrandingImageRow {
  const bytes = Buffer.from(base64, 'base64');
  const maxBytes = kind === 'favicon' ? BRANDING_LIMITS.faviconBytes : BRANDING_LIMITS.logoBytes;
  const maxSide = kind === 'favicon' ? BRANDING_LIMITS.faviconMaxSide : BRANDING_LIMITS.logoMaxSide;
  const allowed: readonly string[] = brandingImageTypes[kind];
  const names = allowed.map((type) => TYPE_NAMES[type]).join(', ');
  if (bytes.length === 0) throw badRequest(`${field} is empty: upload an image or send null to remove it`);
  if (bytes.length > maxBytes) throw badRequest(`${field} must be at most ${maxBytes / 1024} KiB`);
  const header = readImageHeader(bytes);
  if (!header) {
    if (SVG_START.test(bytes.subarray(0, 512).toString('utf8')))
      throw badRequest(`${field}: SVG images are not accepted (they can carry scripts); upload ${names}`);
    throw badRequest(`${field} must be a ${names} image`);
  }
  if (!allowed.includes(header.contentType)) throw badRequest(`${field} must be a ${names} image`);
  const { width, height } = header;
  if (
    width < BRANDING_LIMITS.minSide ||
    height < BRANDING_LIMITS.minSide ||
    width > maxSide ||
    height > maxSide
  )
    throw badRequest(
      `${field} is ${width}x${height} px: each side must be between ${BRANDING_LIMITS.minSide} and ${maxSide} px`,
    );
  return {
    kind,
    content_type: header.contentType,
    width,
    height,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    data: bytes.toString('base64'),
  };
}
