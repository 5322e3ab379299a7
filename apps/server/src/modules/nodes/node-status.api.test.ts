import type { ChangeEvent } from '@meshdeck/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { connectAgent, registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

/**
 * Short thresholds: unstable 5 s after the last check-in, offline after 10 s, a sweep every 0.5 s. Long enough for
 * the lists to be read between a check-in and its node turning unstable on a loaded machine.
 */
const SHORT = { AGENT_CHECK_IN_SECONDS: '1', STATUS_GRACE_SECONDS: '4', STATUS_OFFLINE_AFTER_SECONDS: '10' };

/** The change stream of one user, parsed: `next` waits (15 s at most) for a change matching `predicate`. */
async function openChanges(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const changes: ChangeEvent[] = [];
  const readMore = async () => {
    text += decoder.decode((await reader.read()).value);
    let end;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (block.startsWith('event: change') && data) changes.push(JSON.parse(data) as ChangeEvent);
    }
  };
  let seen = 0;
  return {
    async next(predicate: (change: ChangeEvent) => boolean): Promise<ChangeEvent> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const index = changes.findIndex((change, i) => i >= seen && predicate(change));
        if (index >= 0) {
          seen = index + 1;
          return changes[index]!;
        }
        if (Date.now() > deadline) throw new Error(`no matching change; got ${JSON.stringify(changes)}`);
        await Promise.race([readMore(), new Promise((resolve) => setTimeout(resolve, 1000))]);
      }
    },
    close: () => controller.abort(),
  };
}

const namesNode = (nodeId: string) => (change: ChangeEvent) =>
  change.resource === 'node-status' && change.network === 'office' && !!change.ids?.includes(nodeId);

async function setUp(env: Record<string, string>) {
  server = await startTestServer({ EDITION: 'pro', ...env });
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
  const [alpha] = await registerFleet(server, token, ['office'], ['alpha']);
  const networkAdmin = await createUserWithRole(server, 'office-admin', 'platform-user', [
    'office-network-admin-grp',
  ]);
  const host = alpha!;
  const nodeId = host.nodes[0]!.id;
  const checkIn = async () => {
    const response = await server.request('PUT', `/api/v1/fallback/host/${host.id}`, {
      token: host.hostToken,
      body: { Action: 'CHECK_IN', Host: { version: 'v0.30.1' } },
    });
    expect(response.status).toBe(200);
  };
  // The whole lists, as the console reads them: shared answers, cached until a change.
  const shown = async () => {
    const nodes = await server.request<{ items: { id: string; status: string }[] }>(
      'GET',
      '/api/console/nodes/office',
      { token: networkAdmin },
    );
    const hosts = await server.request<{ items: { id: string; status: string }[] }>(
      'GET',
      '/api/console/hosts',
      { token },
    );
    const wire = await server.request<{ id: string; status: string }[]>('GET', '/api/nodes/office', {
      token,
    });
    return {
      node: nodes.body.items.find((n) => n.id === nodeId)?.status,
      host: hosts.body.items.find((h) => h.id === host.id)?.status,
      wire: wire.body.find((n) => n.id === nodeId)?.status,
    };
  };
  return { token, networkAdmin, host, nodeId, checkIn, shown };
}

type Shown = Awaited<ReturnType<Awaited<ReturnType<typeof setUp>>['shown']>>;

/**
 * Reads the lists after each status change naming the node until they show `expected`: the state is waited for
 * through the stream's announcements (never a fixed time), and no announcement means no pass.
 */
async function announced(
  stream: Awaited<ReturnType<typeof openChanges>>,
  nodeId: string,
  shown: () => Promise<Shown>,
  expected: Shown,
) {
  let last: Shown | undefined;
  for (let i = 0; i < 5; i++) {
    await stream.next(namesNode(nodeId));
    last = await shown();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
  }
  expect(last).toEqual(expected);
}

describe('node status by the server clock -> GET /api/v1/events "node-status"', () => {
  it('-> when an agent stops checking in, its network admin hears unstable then offline, and healthy once it checks in again; every list shows each state', async () => {
    const { networkAdmin, nodeId, checkIn, shown } = await setUp(SHORT);
    await checkIn();
    const stream = await openChanges(networkAdmin);
    // Read (and cache) the lists while the node is healthy.
    expect(await shown()).toEqual({ node: 'online', host: 'online', wire: 'online' });
    // The agent stops: no request happens, the sweeper notices.
    await announced(stream, nodeId, shown, { node: 'warning', host: 'warning', wire: 'warning' });
    await announced(stream, nodeId, shown, { node: 'offline', host: 'offline', wire: 'offline' });
    // Back: its check-in announces the change.
    await checkIn();
    await announced(stream, nodeId, shown, { node: 'online', host: 'online', wire: 'online' });
    stream.close();
    // A limit on waiting for a server start, argon2 sign-ins and two thresholds on a loaded machine, not a speed check.
  }, 90_000);

  it("-> when an agent's broker session closes, its node is unstable at once (before any check-in is late); healthy again when it reconnects", async () => {
    // Default thresholds: no check-in is late during this test.
    const { networkAdmin, host, nodeId, shown } = await setUp({});
    const agent = await connectAgent(server, host);
    const stream = await openChanges(networkAdmin);
    await agent.client.endAsync(true);
    await announced(stream, nodeId, shown, { node: 'warning', host: 'warning', wire: 'warning' });
    const again = await connectAgent(server, host);
    await announced(stream, nodeId, shown, { node: 'online', host: 'online', wire: 'online' });
    await again.client.endAsync(true);
    stream.close();
  });

  it('-> when a healthy agent keeps checking in, no status change is announced', async () => {
    const { networkAdmin, checkIn } = await setUp({});
    const stream = await openChanges(networkAdmin);
    await checkIn();
    await checkIn();
    // A marker after the check-ins: every change before it has been read.
    server.app.meshdeck.events.publish({
      resource: 'nodes',
      action: 'updated',
      id: 'marker',
      network: 'office',
    });
    const first = await stream.next(
      (change) =>
        change.resource === 'node-status' || (change.resource === 'nodes' && change.id === 'marker'),
    );
    expect(first).toMatchObject({ resource: 'nodes', id: 'marker' });
    stream.close();
  });
});
