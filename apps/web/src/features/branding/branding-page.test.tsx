import { DEFAULT_BRANDING } from '@meshdeck/contracts/branding';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { apiClient, ApiError } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { BrandingPage } from './branding-page.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const storedLogo = {
  url: '/api/v1/branding/images/logo-dark?v=0123456789abcdef',
  content_type: 'image/png',
  width: 200,
  height: 50,
  size: 900,
};

function arrange(
  stored = DEFAULT_BRANDING,
  put: (body: unknown) => unknown = (body) => ({ ...stored, ...(body as object) }),
) {
  const saved = vi.fn(put);
  mockApi({ 'GET v1/branding': () => stored, 'PUT v1/branding': saved });
  return { saved, render: () => renderRoute('/branding', '/branding', BrandingPage) };
}

describe('BrandingPage', () => {
  beforeAll(async () => {
    await i18next.loadNamespaces('branding');
  });
  beforeEach(() => vi.clearAllMocks());

  it('when an admin sets a name, a colour and a light logo, then one PUT carries them and keeps the other images', async () => {
    const user = userEvent.setup();
    const { saved, render } = arrange();
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Branding' })).toBeInTheDocument();
    const name = await screen.findByLabelText('Product name');
    await user.clear(name);
    await user.type(name, 'Acme Mesh');
    const light = screen.getByRole('textbox', { name: 'Primary colour, light theme' });
    await user.clear(light);
    await user.type(light, '#0A7F3B');
    await user.upload(
      screen.getByLabelText('Logo, light theme'),
      new File([PNG], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Preview of Logo, light theme')).toHaveAttribute(
      'src',
      `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`,
    );
    // Both previews show the new name; the light one draws the logo.
    expect(screen.getByRole('figure', { name: 'Light theme' })).toHaveTextContent('Acme Mesh');
    expect(screen.getByRole('figure', { name: 'Dark theme' })).toHaveTextContent('Acme Mesh');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[0]).toEqual({
      product_name: 'Acme Mesh',
      primary_color_light: '#0A7F3B',
      primary_color_dark: '#a298e7',
      logo_light: Buffer.from(PNG).toString('base64'),
      logo_dark: undefined,
      favicon: undefined,
    });
    expect(await screen.findByText('Branding saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload now' })).toBeInTheDocument();
  });

  it('when a colour is not #rrggbb or the name is empty, then the field says so and Save is off', async () => {
    const user = userEvent.setup();
    const { saved, render } = arrange();
    await render();
    const dark = await screen.findByRole('textbox', { name: 'Primary colour, dark theme' });
    await user.clear(dark);
    await user.type(dark, 'purple');
    expect(await screen.findByText('Enter a colour as #rrggbb.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Product name'));
    expect(await screen.findByText('Enter a name of 1 to 64 characters on one line.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(saved).not.toHaveBeenCalled();
  });

  it('when a file is over the size limit, then it is refused before any upload', async () => {
    const user = userEvent.setup();
    const { saved, render } = arrange();
    await render();
    const big = new File([new Uint8Array(70 * 1024)], 'huge.ico', { type: 'image/x-icon' });
    await user.upload(await screen.findByLabelText('Favicon'), big);
    expect(await screen.findByText('huge.ico is larger than 64 KiB.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[0]).toMatchObject({ favicon: undefined });
  });

  it('when the server refuses the upload, then its message shows and the form keeps the values', async () => {
    const user = userEvent.setup();
    const { render } = arrange(DEFAULT_BRANDING, () => {
      throw new ApiError({
        kind: 'http',
        status: 400,
        message: 'logo_light: SVG images are not accepted (they can carry scripts); upload PNG, JPEG, WebP',
        path: 'v1/branding',
      });
    });
    await render();
    await user.upload(
      await screen.findByLabelText('Logo, light theme'),
      new File(['<svg/>'], 'logo.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The branding was not saved')).toBeInTheDocument();
    expect(screen.getByText(/SVG images are not accepted/)).toBeInTheDocument();
    expect(screen.getByAltText('Preview of Logo, light theme')).toBeInTheDocument();
  });

  it('when a branding is stored, then its logo shows and Reset to defaults sends the defaults with every image removed', async () => {
    const user = userEvent.setup();
    const stored = { ...DEFAULT_BRANDING, product_name: 'Acme', logo_dark: storedLogo, is_custom: true };
    const { saved, render } = arrange(stored, () => DEFAULT_BRANDING);
    await render();
    expect(await screen.findByAltText('Preview of Logo, dark theme')).toHaveAttribute('src', storedLogo.url);
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[0]).toEqual({
      product_name: 'Meshdeck',
      primary_color_light: '#513dd1',
      primary_color_dark: '#a298e7',
      logo_light: null,
      logo_dark: null,
      favicon: null,
    });
    expect(vi.mocked(apiClient.put)).toHaveBeenCalledWith(
      'v1/branding',
      expect.anything(),
      expect.anything(),
    );
  });
});
