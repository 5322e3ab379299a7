import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createSuperAdminAndLogin } from '../../../test/factories.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
});
afterEach(async () => {
  await server.close();
});

describe('GET /api/v1/events', () => {
  it('-> without a token, returns 401 JSON', async () => {
    const response = await server.request('GET', '/api/v1/events');
    expect(response.status).toBe(401);
  });

  it('-> streams each published change as a "change" event', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/v1/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // Wait for the connection preamble before publishing, so the subscription exists.
    while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);
    server.app.meshdeck.events.publish({ resource: 'networks', action: 'created', id: 'office' });
    while (!text.includes('"office"')) text += decoder.decode((await reader.read()).value);
    expect(text).toContain('event: change\ndata: {"resource":"networks","action":"created","id":"office"}');
    controller.abort();
  });
});
