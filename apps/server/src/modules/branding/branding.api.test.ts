import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../../../test/db-snapshot.ts';
import { createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { icoImage, jpegHeader, pngImage } from '../../../test/images.ts';

const INDEX_HTML = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/index.html');
const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64');
const valid = { product_name: 'Acme Mesh', primary_color_light: '#0A7F3B', primary_color_dark: '#7FE0A6' };

/** A console folder holding the console's own index.html, so the rewritten page is the real one. */
function consoleDir(base: string) {
  const dir = path.join(base, 'console');
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(INDEX_HTML, path.join(dir, 'index.html'));
  return dir;
}

/** The console's own page: its title, icon and splash, and none of the branding's additions. */
function expectUnbranded(html: string) {
  const own = fs.readFileSync(INDEX_HTML, 'utf8');
  for (const part of [/<title>[^<]*<\/title>/, /<link rel="icon"[^>]*>/, /<div id="splash"[^>]*>/])
    expect(html).toContain(own.match(part)?.[0] ?? 'missing in index.html');
  expect(html).not.toContain('meshdeck-branding');
  expect(html).not.toContain('branding-style');
  expect(html).not.toContain('splash-logo');
}

describe('branding on the Pro edition', () => {
  let server: TestServer;
  let token: string;
  const base = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'meshdeck-branding-'));
  beforeAll(async () => {
    server = await startTestServer({ EDITION: 'pro', CONSOLE_DIR: consoleDir(base) });
    token = await createSuperAdminAndLogin(server);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  const put = (body: Record<string, unknown>, as = token) =>
    server.request('PUT', '/api/v1/branding', { token: as, body: { ...valid, ...body } });

  it('GET /api/v1/branding -> before anything is set, returns spec §9 defaults without signing in', async () => {
    const response = await server.request('GET', '/api/v1/branding');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      product_name: 'Meshdeck',
      primary_color_light: '#513dd1',
      primary_color_dark: '#a298e7',
      logo_light: null,
      favicon: null,
      is_custom: false,
    });
    expectUnbranded((await server.request('GET', '/')).body as string);
  });

  it('PUT /api/v1/branding -> when an admin sets name, colours, logos and favicon, then reads, images and index.html carry them', async () => {
    const logo = pngImage(240, 60, [10, 127, 59]);
    const response = await put({
      logo_light: b64(logo),
      logo_dark: b64(jpegHeader(480, 120)),
      favicon: b64(icoImage({ width: 32, height: 32, png: pngImage(32, 32) })),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      product_name: 'Acme Mesh',
      primary_color_light: '#0a7f3b',
      primary_color_dark: '#7fe0a6',
      logo_light: { content_type: 'image/png', width: 240, height: 60, size: logo.length },
      logo_dark: { content_type: 'image/jpeg', width: 480, height: 120 },
      favicon: { content_type: 'image/x-icon', width: 32, height: 32 },
      is_custom: true,
    });
    expect(await server.request('GET', '/api/v1/branding')).toMatchObject({ body: response.body });

    const url = response.body.logo_light.url as string;
    const image = await fetch(`${server.url}${url}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(logo)).toBe(true);
    const etag = image.headers.get('etag') ?? '';
    const unversioned = await fetch(`${server.url}/api/v1/branding/images/logo-light`);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
    const revalidated = await fetch(`${server.url}/api/v1/branding/images/logo-light`, {
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);

    for (const pagePath of ['/', '/networks/office/nodes']) {
      const html = (await server.request('GET', pagePath)).body as string;
      expect(html).toContain('<title>Acme Mesh</title>');
      expect(html).toContain(`<link rel="icon" type="image/x-icon" href="${response.body.favicon.url}" />`);
      expect(html).toContain(`<img class="splash-logo" src="${response.body.logo_dark.url}" alt="" />`);
      expect(html).toContain('aria-label="Loading Acme Mesh"');
      expect(html).toContain('--mantine-color-brand-6:#0a7f3b');
      expect(html).toContain('--mantine-color-brand-4:#7fe0a6');
      expect(html).toContain(
        '<meta name="meshdeck-branding" content="{&#34;product_name&#34;:&#34;Acme Mesh&#34;',
      );
      expect(html).not.toMatch(/<script>/);
    }
  });

  it('PUT /api/v1/branding -> when saved, announces a branding change on the push stream (other consoles apply it)', async () => {
    const events: string[] = [];
    const unsubscribe = server.app.meshdeck.events.subscribe((event) =>
      events.push(`${event.resource} ${event.action}`),
    );
    expect((await put({ product_name: 'Acme Live' })).status).toBe(200);
    unsubscribe();
    expect(events).toEqual(['branding updated']);
  });

  it('PUT /api/v1/branding -> when an image is absent it is kept, and null removes it', async () => {
    await put({ logo_light: b64(pngImage(100, 50)) });
    const kept = await put({ product_name: 'Kept' });
    expect(kept.body.logo_light).toMatchObject({ width: 100, height: 50 });
    const removed = await put({ logo_light: null });
    expect(removed.body.logo_light).toBeNull();
    expect((await server.request('GET', '/api/v1/branding/images/logo-light')).status).toBe(404);
  });

  it("PUT /api/v1/branding -> when reset to the defaults with every image removed, then index.html is the console's own again", async () => {
    await put({ logo_light: b64(pngImage(100, 50)) });
    const reset = await put({
      product_name: 'Meshdeck',
      primary_color_light: '#513DD1',
      primary_color_dark: '#a298e7',
      logo_light: null,
      logo_dark: null,
      favicon: null,
    });
    expect(reset.body).toMatchObject({ is_custom: false, logo_light: null });
    expectUnbranded((await server.request('GET', '/')).body as string);
  });

  it('PUT /api/v1/branding -> when the product name has markup, then index.html carries it escaped', async () => {
    await put({ product_name: '</title><script>alert(1)</script>' });
    const html = (await server.request('GET', '/')).body as string;
    expect(html).toContain('<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>');
    expect(html).not.toContain('<script>alert(1)');
  });

  it.each([
    [
      'a logo over 256 KiB',
      { logo_light: b64(pngImage(64, 64, [1, 2, 3], 260 * 1024)) },
      /logo_light must be at most 256 KiB/,
    ],
    [
      'a favicon over 64 KiB',
      { favicon: b64(pngImage(32, 32, [1, 2, 3], 70 * 1024)) },
      /favicon must be at most 64 KiB/,
    ],
    [
      'a text file as a logo',
      { logo_dark: b64('just some text, not an image') },
      /logo_dark must be a PNG, JPEG, WebP image/,
    ],
    ['an empty logo', { logo_dark: '' }, /logo_dark is empty/],
    [
      'a GIF as a logo',
      { logo_light: b64('GIF89a\x10\x00\x10\x00\x00\x00\x00') },
      /logo_light must be a PNG, JPEG, WebP image/,
    ],
    [
      'an ICO as a logo',
      { logo_light: b64(icoImage({ width: 32, height: 32, png: pngImage(32, 32) })) },
      /logo_light must be a PNG, JPEG, WebP image/,
    ],
    [
      'an SVG with a script',
      {
        logo_light: b64(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
        ),
      },
      /logo_light: SVG images are not accepted/,
    ],
    [
      'an SVG with an event handler behind an XML declaration',
      { favicon: b64('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
      /favicon: SVG images are not accepted/,
    ],
    [
      'a harmless SVG (refused all the same)',
      { logo_dark: b64('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>') },
      /logo_dark: SVG images are not accepted/,
    ],
    ['a logo wider than 2048 px', { logo_light: b64(pngImage(2049, 16)) }, /logo_light is 2049x16 px/],
    ['a favicon smaller than 16 px', { favicon: b64(pngImage(8, 8)) }, /favicon is 8x8 px/],
    ['a logo that is not base64', { logo_light: 'data:image/png;base64,AAAA' }, /logo_light must be base64/],
    ['a colour name', { primary_color_light: 'red' }, /primary_color_light must be a colour as #rrggbb/],
    [
      'a three-digit colour',
      { primary_color_dark: '#abc' },
      /primary_color_dark must be a colour as #rrggbb/,
    ],
    [
      'a colour with CSS after it',
      { primary_color_dark: '#abcdef;}body{display:none' },
      /primary_color_dark must be a colour/,
    ],
    ['an empty product name', { product_name: '   ' }, /product_name must not be empty/],
    [
      'a product name over 64 characters',
      { product_name: 'x'.repeat(65) },
      /product_name must be at most 64 characters/,
    ],
    ['a product name with a line break', { product_name: 'Acme\nMesh' }, /product_name must be one line/],
  ])(
    'PUT /api/v1/branding -> when given %s, returns 400 naming the field and writes nothing',
    async (_case, body, message) => {
      const db = server.app.meshdeck.database.db;
      // A valid logo in the same request: a refusal of any field must not leave it (or anything) written.
      const before = await snapshotDatabase(db);
      const response = await put({ logo_dark: b64(pngImage(64, 32)), ...body });
      expect(response.status).toBe(400);
      expect(response.body.Message).toMatch(message);
      expect(changedTables(before, await snapshotDatabase(db))).toEqual([]);
    },
  );

  it('PUT /api/v1/branding -> when called by a platform user or without a token, is refused and writes nothing', async () => {
    const user = await createUserWithRole(server, 'plain-user', 'platform-user');
    expect((await put({ product_name: 'Nope' }, user)).status).toBe(403);
    expect((await server.request('PUT', '/api/v1/branding', { body: valid })).status).toBe(401);
    expect((await server.request('GET', '/api/v1/branding')).body.product_name).not.toBe('Nope');
  });

  it('GET /api/v1/branding/images/{kind} -> for an unknown kind, returns 400 naming it', async () => {
    const response = await server.request('GET', '/api/v1/branding/images/banner');
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/kind must be one of logo-light, logo-dark, favicon/);
  });
});

describe('branding on the community edition', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await createSuperAdminAndLogin(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('PUT /api/v1/branding -> is not a route (a Pro route, api-contract §1.1) and writes nothing', async () => {
    const response = await server.request('PUT', '/api/v1/branding', { token, body: valid });
    expect(response.status).toBe(404);
    expect((await server.request('GET', '/api/v1/branding')).body).toMatchObject({
      product_name: 'Meshdeck',
      is_custom: false,
    });
  });

  it('GET /api/v1/branding -> when rows were stored (a server moved from Pro), still returns the defaults', async () => {
    await server.app.meshdeck.database.db
      .insertInto('branding')
      .values({ id: 1, ...valid, updated_at: new Date().toISOString() })
      .execute();
    expect((await server.request('GET', '/api/v1/branding')).body).toMatchObject({
      product_name: 'Meshdeck',
      primary_color_light: '#513dd1',
    });
  });
});
