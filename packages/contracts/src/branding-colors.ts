/**
 * The brand colours (issue 33, decision 042) as plain functions with no dependency, so the console's first screen
 * and the server's index.html share them without loading zod: the two 10-shade palettes Mantine's theme uses,
 * and the CSS variables those palettes give the primary colour in each scheme.
 */

/** Spec §9's default primary colours. */
export const DEFAULT_BRAND_COLORS = { light: '#513dd1', dark: '#a298e7' } as const;

/** The shade each scheme's primary colour sits at (Mantine's `primaryShade`). */
export const BRAND_SHADES = { light: 6, dark: 4 } as const;

export type BrandPalette = [string, string, string, string, string, string, string, string, string, string];

/** The hand-made palette around the default colours: #513DD1 at shade 6 and #A298E7 at shade 4. */
const DEFAULT_PALETTE: BrandPalette = [
  '#f2f0fd',
  '#e1ddf8',
  '#c4bcf1',
  '#b2a8ec',
  '#a298e7',
  '#7f6fdf',
  '#513dd1',
  '#4431b3',
  '#382893',
  '#2b1f72',
];

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const toHex = (rgb: Rgb): string =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
const mix = (from: Rgb, to: Rgb, amount: number): Rgb =>
  from.map((channel, index) => channel + ((to[index] ?? 0) - channel) * amount) as Rgb;

/**
 * Ten shades with `color` at `shade`: lighter shades mix it with white, darker ones with black. The default
 * colours keep their hand-made palette, so an unbranded console looks exactly as it did.
 */
export function brandPalette(color: string, shade: number): BrandPalette {
  const hex = color.toLowerCase();
  if (DEFAULT_PALETTE[shade] === hex) return [...DEFAULT_PALETTE];
  const base = toRgb(hex);
  return Array.from({ length: 10 }, (_, index) => {
    if (index === shade) return hex;
    if (index < shade) return toHex(mix(base, [255, 255, 255], (shade - index) / (shade + 0.6)));
    return toHex(mix(base, [0, 0, 0], (index - shade) / (9 - shade + 3)));
  }) as BrandPalette;
}

/** The light and dark palettes for a pair of primary colours. */
export function brandPalettes(colors: { light: string; dark: string }): {
  light: BrandPalette;
  dark: BrandPalette;
} {
  return {
    light: brandPalette(colors.light, BRAND_SHADES.light),
    dark: brandPalette(colors.dark, BRAND_SHADES.dark),
  };
}

// WCAG relative luminance, the measure (and threshold) Mantine's autoContrast uses to pick black or white text.
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
/** Whether text on `hex` should be dark (Mantine's autoContrast rule). */
export const isLightColor = (hex: string): boolean => {
  const [r, g, b] = toRgb(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) > 0.179;
};
const contrast = (hex: string) =>
  isLightColor(hex) ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)';
const rgba = (hex: string, alpha: number) => `rgba(${toRgb(hex).join(', ')}, ${alpha})`;
const darken = (hex: string, amount: number) =>
  `rgba(${toRgb(hex)
    .map((channel) => Math.round(channel * (1 - amount)))
    .join(', ')}, 1)`;

/**
 * The CSS variables Mantine gives the virtual colour `brand` (and the primary colour) in each scheme, for pages
 * drawn before or without Mantine's provider: the sign-in page and the splash. theme-variables.test.ts in the
 * console checks them against Mantine's own resolver.
 */
export function brandCssVariables(colors: { light: string; dark: string }): {
  light: Record<string, string>;
  dark: Record<string, string>;
} {
  const palettes = brandPalettes(colors);
  const shades = (palette: BrandPalette) =>
    Object.fromEntries(palette.map((value, index) => [`--mantine-color-brand-${index}`, value]));
  const light = palettes.light;
  const dark = palettes.dark;
  return {
    light: {
      ...shades(light),
      '--mantine-color-brand-outline-hover': rgba(light[BRAND_SHADES.light], 0.05),
      '--mantine-color-brand-contrast': contrast(light[BRAND_SHADES.light]),
      '--mantine-primary-color-contrast': contrast(light[BRAND_SHADES.light]),
    },
    dark: {
      ...shades(dark),
      '--mantine-color-brand-light': darken(dark[9], 0.5),
      '--mantine-color-brand-light-hover': darken(dark[9], 0.3),
      // Mantine's dark outline is shade max(primary - 4, 0): 0 for shade 4.
      '--mantine-color-brand-outline-hover': rgba(dark[0], 0.05),
      '--mantine-color-brand-contrast': contrast(dark[BRAND_SHADES.dark]),
      '--mantine-primary-color-contrast': contrast(dark[BRAND_SHADES.dark]),
    },
  };
}

/**
 * A stylesheet setting those variables. `html:` outranks the `:root[data-mantine-color-scheme]` rules of Mantine
 * and of theme-variables.css, whatever their order in the document.
 */
export function brandCss(colors: { light: string; dark: string }): string {
  const variables = brandCssVariables(colors);
  const block = (scheme: 'light' | 'dark') =>
    `html:root[data-mantine-color-scheme="${scheme}"]{${Object.entries(variables[scheme])
      .map(([name, value]) => `${name}:${value}`)
      .join(';')}}`;
  return block('light') + block('dark');
}
