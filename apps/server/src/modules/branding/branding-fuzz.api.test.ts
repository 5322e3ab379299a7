import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../../../test/db-snapshot.ts';
import { createSuperAdminAndLogin } from '../../../test/factories.ts';
import { hostileValue } from '../../../test/fuzz-arbitraries.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { pngImage } from '../../../test/images.ts';

/**
 * PUT /api/v1/branding exists on Pro only, so the community-edition fuzz run (plugins/fuzz.api.test.ts) covers
 * just the branding reads: here each body field gets hostile values (and hostile bytes as images), beside an
 * otherwise valid body with a valid logo. No answer may be a 5xx, and a refusal writes nothing.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  token = await createSuperAdminAndLogin(server);
});
afterAll(async () => {
  await server.close();
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const template = {
  product_name: 'Fuzz Mesh',
  primary_color_light: '#123456',
  primary_color_dark: '#abcdef',
  logo_light: pngImage(64, 32).toString('base64'),
};
const hostileImage = fc
  .uint8Array({ maxLength: 64 })
  .map((bytes) => Buffer.concat([pngImage(16, 16).subarray(0, 16), Buffer.from(bytes)]).toString('base64'));

describe('PUT /api/v1/branding under hostile bodies', () => {
  it.each([
    'product_name',
    'primary_color_light',
    'primary_color_dark',
    'logo_light',
    'logo_dark',
    'favicon',
  ])('-> with a hostile %s never answers 5xx and a refusal writes nothing', async (field) => {
    const db = server.app.meshdeck.database.db;
    const value =
      field.startsWith('logo') || field === 'favicon' ? fc.oneof(hostileValue, hostileImage) : hostileValue;
    await fc.assert(
      fc.asyncProperty(value, async (hostile) => {
        const before = await snapshotDatabase(db);
        const response = await server.request('PUT', '/api/v1/branding', {
          token,
          body: { ...template, [field]: hostile },
        });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(changedTables(before, await snapshotDatabase(db))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
