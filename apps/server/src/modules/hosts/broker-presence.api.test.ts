import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectAgent, createKey, hostBody, registerHost } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
});
afterEach(async () => {
  await server.close();
});

const brokerState = async (name: string) =>
  (
    await server.request<{ name: string; broker_connected?: boolean }[]>('GET', '/api/hosts', { token })
  ).body.find((h) => h.name === name)?.broker_connected;

describe("GET /api/hosts -> broker_connected (the agent's broker session, not its check-ins)", () => {
  it('-> false before the agent connects, true while its session is open, false once it is lost; each change is a host event', async () => {
    const host = hostBody('alpha');
    await registerHost(
      server,
      (await createKey(server, token, { tags: ['presence'], networks: ['office'] })).token,
      host,
    );
    expect(await brokerState('alpha')).toBe(false);
    const events: string[] = [];
    const unsubscribe = server.app.meshdeck.events.subscribe((event) => {
      if (event.resource === 'hosts' && event.id === host.id) events.push(event.action);
    });
    const agent = await connectAgent(server, host);
    await vi.waitFor(async () => expect(await brokerState('alpha')).toBe(true), {
      timeout: 5000,
      interval: 50,
    });
    await agent.client.endAsync(true);
    await vi.waitFor(async () => expect(await brokerState('alpha')).toBe(false), {
      timeout: 5000,
      interval: 50,
    });
    expect(events).toEqual(['updated', 'updated']);
    unsubscribe();
  });
});
