import { z } from 'zod';
import { DEFAULT_BRAND_COLORS } from './branding-colors.ts';
import { boundedString } from './limits.ts';

/**
 * White-label branding (spec §1, issue 33, decision 042), a Meshdeck route outside the Netmaker contract: the
 * product name, two logos, a favicon and a primary colour per theme. Read by anyone (the sign-in page and the
 * splash need it before sign-in), set by an admin on the Pro edition.
 */

export const DEFAULT_PRODUCT_NAME = 'Meshdeck';

/** The uploadable images, as they appear in the image route's path. */
export const brandingImageKinds = ['logo-light', 'logo-dark', 'favicon'] as const;
export type BrandingImageKind = (typeof brandingImageKinds)[number];

/** Upload bounds: bytes of the decoded file and pixels per side, read from the image's own header. */
export const BRANDING_LIMITS = {
  productName: 64,
  logoBytes: 256 * 1024,
  faviconBytes: 64 * 1024,
  logoMaxSide: 2048,
  faviconMaxSide: 512,
  minSide: 16,
} as const;

/** The image types accepted per kind; SVG is refused (decision 042). */
export const brandingImageTypes = {
  'logo-light': ['image/png', 'image/jpeg', 'image/webp'],
  'logo-dark': ['image/png', 'image/jpeg', 'image/webp'],
  favicon: ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'],
} as const satisfies Record<BrandingImageKind, readonly string[]>;

const colorSchema = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .regex(/^#[0-9a-fA-F]{6}$/, `${field} must be a colour as #rrggbb`)
    .transform((value) => value.toLowerCase());

const maxBase64 = (bytes: number) => Math.ceil(bytes / 3) * 4;
/** An image as base64 (no data: prefix); null removes it, absent keeps it. Type and size are checked on decoding. */
const imageSchema = (field: string, bytes: number) =>
  z
    .string({ error: `${field} must be a base64 string or null` })
    .max(maxBase64(bytes) + 4, `${field} must be at most ${bytes / 1024} KiB`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, `${field} must be base64`)
    .nullable()
    .optional();

/** PUT /api/v1/branding. */
export const brandingInputSchema = z.object({
  product_name: boundedString('product_name', BRANDING_LIMITS.productName)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { error: 'product_name must not be empty' }),
  primary_color_light: colorSchema('primary_color_light'),
  primary_color_dark: colorSchema('primary_color_dark'),
  logo_light: imageSchema('logo_light', BRANDING_LIMITS.logoBytes),
  logo_dark: imageSchema('logo_dark', BRANDING_LIMITS.logoBytes),
  favicon: imageSchema('favicon', BRANDING_LIMITS.faviconBytes),
});
export type BrandingInput = z.infer<typeof brandingInputSchema>;

/** A stored image: where to fetch it (the URL changes with its content) and what the server read from it. */
export const brandingImageSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type BrandingImage = z.infer<typeof brandingImageSchema>;

/** GET /api/v1/branding: spec §9's defaults where nothing is set, and always on the community edition. */
export const brandingSchema = z.object({
  product_name: z.string(),
  primary_color_light: z.string(),
  primary_color_dark: z.string(),
  logo_light: brandingImageSchema.nullable(),
  logo_dark: brandingImageSchema.nullable(),
  favicon: brandingImageSchema.nullable(),
  is_custom: z.boolean(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const brandingImageParamsSchema = z.object({
  kind: z.enum(brandingImageKinds, { error: `kind must be one of ${brandingImageKinds.join(', ')}` }),
});
export const brandingImageQuerySchema = z.object({ v: boundedString('v', 64).optional() });

/** Spec §9's branding, what a server without its own answers. */
export const DEFAULT_BRANDING: Branding = {
  product_name: DEFAULT_PRODUCT_NAME,
  primary_color_light: DEFAULT_BRAND_COLORS.light,
  primary_color_dark: DEFAULT_BRAND_COLORS.dark,
  logo_light: null,
  logo_dark: null,
  favicon: null,
  is_custom: false,
};
