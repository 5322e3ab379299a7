import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BRANDING_META_NAME, resetBrandingForTests } from '@/lib/branding.ts';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys.ts';
import { AuthCard } from './auth-card.tsx';

const logo = (kind: string) => ({
  url: `/api/v1/branding/images/${kind}?v=1`,
  content_type: 'image/png',
  width: 1,
  height: 1,
  size: 1,
});

function brand(value: object) {
  const meta = document.createElement('meta');
  meta.name = BRANDING_META_NAME;
  meta.content = JSON.stringify(value);
  document.head.append(meta);
  resetBrandingForTests();
}

describe('AuthCard', () => {
  afterEach(() => {
    document.head.querySelector(`meta[name="${BRANDING_META_NAME}"]`)?.remove();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    localStorage.clear();
    resetBrandingForTests();
  });

  it('when no branding is set, then the built-in mark shows and no image', () => {
    const { container } = render(<AuthCard title="Sign in">form</AuthCard>);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it('when logos are set and the light theme is stored, then the light logo shows instead of the mark', () => {
    brand({
      product_name: 'Acme',
      logo_light: logo('logo-light'),
      logo_dark: logo('logo-dark'),
      is_custom: true,
    });
    storage.set(STORAGE_KEYS.theme, 'light');
    const { container } = render(<AuthCard title="Sign in to Acme">form</AuthCard>);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      '/api/v1/branding/images/logo-light?v=1',
    );
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in to Acme' })).toBeInTheDocument();
  });
});

describe('AuthCard in the dark theme', () => {
  afterEach(() => {
    document.head.querySelector(`meta[name="${BRANDING_META_NAME}"]`)?.remove();
    localStorage.clear();
    resetBrandingForTests();
  });

  it('when only a light logo is set and the dark theme is stored, then the light logo stands in', () => {
    brand({ product_name: 'Acme', logo_light: logo('logo-light'), is_custom: true });
    storage.set(STORAGE_KEYS.theme, 'dark');
    const { container } = render(<AuthCard title="Sign in to Acme">form</AuthCard>);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      '/api/v1/branding/images/logo-light?v=1',
    );
  });
});
