import { afterEach, describe, expect, it } from 'vitest';
import {
  BRANDING_META_NAME,
  DEFAULT_CONSOLE_BRANDING,
  brandLogo,
  branding,
  parseBranding,
  resetBrandingForTests,
} from './branding.ts';

const wire = {
  product_name: 'Acme Mesh',
  primary_color_light: '#0A7F3B',
  primary_color_dark: '#7fe0a6',
  logo_light: {
    url: '/api/v1/branding/images/logo-light?v=1',
    content_type: 'image/png',
    width: 1,
    height: 1,
    size: 1,
  },
  logo_dark: null,
  favicon: null,
  is_custom: true,
};

describe('parseBranding', () => {
  it('when the meta element is absent or malformed, then spec §9 defaults apply', () => {
    expect(parseBranding(undefined)).toEqual(DEFAULT_CONSOLE_BRANDING);
    expect(parseBranding('{not json')).toEqual(DEFAULT_CONSOLE_BRANDING);
    expect(parseBranding('[1,2]')).toEqual(DEFAULT_CONSOLE_BRANDING);
    expect(DEFAULT_CONSOLE_BRANDING).toMatchObject({
      productName: 'Meshdeck',
      colors: { light: '#513dd1', dark: '#a298e7' },
    });
  });

  it('when the server wrote a branding, then name, colours and logo are read', () => {
    expect(parseBranding(JSON.stringify(wire))).toEqual({
      productName: 'Acme Mesh',
      colors: { light: '#0a7f3b', dark: '#7fe0a6' },
      logoLight: '/api/v1/branding/images/logo-light?v=1',
      logoDark: null,
      favicon: null,
      isCustom: true,
    });
  });

  it('when a field is off (a colour with CSS, a foreign image URL, an empty name), then that field falls back', () => {
    const parsed = parseBranding(
      JSON.stringify({
        ...wire,
        product_name: '  ',
        primary_color_dark: '#fff;}body{display:none',
        logo_light: { url: 'https://evil.example/x.png' },
        favicon: { url: 'javascript:alert(1)' },
      }),
    );
    expect(parsed.productName).toBe('Meshdeck');
    expect(parsed.colors.dark).toBe('#a298e7');
    expect(parsed.logoLight).toBeNull();
    expect(parsed.favicon).toBeNull();
  });
});

describe('branding() and brandLogo()', () => {
  afterEach(() => {
    document.head.querySelector(`meta[name="${BRANDING_META_NAME}"]`)?.remove();
    resetBrandingForTests();
  });

  it('when index.html carries the meta element, then it is read once and each scheme falls back to the other logo', () => {
    const meta = document.createElement('meta');
    meta.name = BRANDING_META_NAME;
    meta.content = JSON.stringify(wire);
    document.head.append(meta);
    // The test setup's theme already read the (empty) document once.
    resetBrandingForTests();
    expect(branding().productName).toBe('Acme Mesh');
    expect(brandLogo('light')).toBe('/api/v1/branding/images/logo-light?v=1');
    expect(brandLogo('dark')).toBe('/api/v1/branding/images/logo-light?v=1');
    meta.content = '{}';
    expect(branding().productName).toBe('Acme Mesh');
  });
});
