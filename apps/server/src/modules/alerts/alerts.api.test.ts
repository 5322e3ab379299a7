import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsTopic, type MetricsReport } from '@meshdeck/contracts';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { payloadKey, sealPayload } from '../../../../../packages/agent/src/payload-open.ts';
import { connectAgent, registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

let server: TestServer | undefined;
let receiver: Server | undefined;
let smtp: SMTPServer | undefined;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await server?.close();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  await new Promise((resolve) => (smtp ? smtp.close(() => resolve(undefined)) : resolve(undefined)));
  server = receiver = smtp = undefined;
});

/** A real HTTP server on loopback that keeps every webhook call it receives and answers 204. */
async function startReceiver(): Promise<{ url: string; calls: Delivery[] }> {
  const calls: Delivery[] = [];
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      calls.push({ headers: request.headers, text, body: JSON.parse(text) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/meshdeck`, calls };
}

/** Checks a delivery as a receiver would: the HMAC of "<timestamp>.<body>" with the rule's secret, a fresh time. */
function verify(call: Delivery, secret: string): void {
  const timestamp = Number(call.headers['x-meshdeck-timestamp']);
  expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(300);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${call.text}`).digest('hex');
  expect(call.headers['x-meshdeck-signature']).toBe(`sha256=${expected}`);
  expect(call.headers['x-meshdeck-event']).toBe(call.body.event);
}

/** Waits for a state (a limit, not a speed check). */
async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Unstable 2 s after the last check-in, offline after 3 s; the status sweeper runs every 0.5 s. */
const SHORT = { AGENT_CHECK_IN_SECONDS: '1', STATUS_GRACE_SECONDS: '1', STATUS_OFFLINE_AFTER_SECONDS: '3' };

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: 'office down',
  kind: 'node_offline',
  for_seconds: 0,
  cooldown_seconds: 900,
  ...overrides,
});

describe('alert rules', () => {
  it('POST /api/v1/alerts/{network}/rules -> a node goes offline: one signed firing webhook; it checks in: one resolved; offline again within the cooldown: nothing; both in the activity log', async () => {
    const hook = await startReceiver();
    server = await startTestServer({ EDITION: 'pro', ...SHORT });
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
    const [alpha] = await registerFleet(server, token, ['office'], ['alpha']);
    const nodeId = alpha!.nodes[0]!.id;
    const admin = await createUserWithRole(server, 'office-admin', 'platform-user', [
      'office-network-admin-grp',
    ]);
    const checkIn = () =>
      server!.request('PUT', `/api/v1/fallback/host/${alpha!.id}`, {
        token: alpha!.hostToken,
        body: { Action: 'CHECK_IN', Host: { version: 'v0.30.1' } },
      });

    const created = await server.request<any>('POST', '/api/v1/alerts/office/rules', {
      token: admin,
      body: rule({ webhook_url: hook.url }),
    });
    expect(created.status).toBe(200);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^mdwh_/);

    const [firing] = await until(
      'firing webhook',
      () => hook.calls,
      (calls) => calls.length >= 1,
    );
    verify(firing!, secret);
    expect(firing!.body).toMatchObject({
      version: 1,
      event: 'alert.firing',
      network: 'office',
      rule: { id: created.body.id, name: 'office down', kind: 'node_offline' },
      subject: { id: nodeId, name: 'alpha' },
      resolved_at: null,
    });
    const overview = await server.request<any>('GET', '/api/v1/alerts/office', { token: admin });
    expect(overview.body.firing).toEqual([
      expect.objectContaining({ subject: nodeId, state: 'firing', rule_id: created.body.id }),
    ]);

    expect((await checkIn()).status).toBe(200);
    const calls = await until(
      'resolved webhook',
      () => hook.calls,
      (all) => all.length >= 2,
    );
    verify(calls[1]!, secret);
    expect(calls[1]!.body).toMatchObject({ event: 'alert.resolved', alert_id: firing!.body.alert_id });
    expect(calls[1]!.body.resolved_at).toEqual(expect.any(String));

    // Offline again within the cooldown: evaluated (a state to wait for), not fired.
    const offline = await until(
      'node offline again',
      async () => (await server!.request<any[]>('GET', '/api/nodes/office', { token })).body,
      (nodes) => nodes.find((node) => node.id === nodeId)?.status === 'offline',
    );
    expect(offline).toBeDefined();
    const offlineAt = Date.now();
    const after = await until(
      'an evaluation after the node went offline again',
      async () => (await server!.request<any>('GET', '/api/v1/alerts/office', { token: admin })).body,
      (body) => body.evaluated_at !== '' && Date.parse(body.evaluated_at) > offlineAt,
    );
    expect(after.firing).toEqual([]);
    expect(after.history).toEqual([
      expect.objectContaining({ state: 'resolved', delivery: 'sent', subject_name: 'alpha' }),
    ]);
    expect(hook.calls).toHaveLength(2);

    const log = await server.request<any>('GET', '/api/v1/network/activity?network_id=office', {
      token: admin,
    });
    const entries: any[] = log.body.Response;
    const actions = entries.filter((e) => e.target.subject_type === 'ALERT_RULE').map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['ALERT_FIRED', 'ALERT_RESOLVED', 'CREATE']));
    // The secret left once, in the create answer: never in a list, the overview or the log.
    const rules = await server.request<any[]>('GET', '/api/v1/alerts/office/rules', { token: admin });
    expect(rules.body[0]).toMatchObject({ id: created.body.id, secret_hint: secret.slice(-4), firing: 0 });
    for (const text of [JSON.stringify(rules.body), JSON.stringify(after), JSON.stringify(log.body)])
      expect(text).not.toContain(secret);
  }, 90_000);

  it('POST .../rules/{ruleid}/test and .../secret -> a test reaches the webhook signed with the current secret and the SMTP server; a rotated secret signs the next one', async () => {
    const hook = await startReceiver();
    const mails: string[] = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          mails.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    server = await startTestServer({ EDITION: 'pro', SMTP_URL: smtpUrl });
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
    const created = await server.request<any>('POST', '/api/v1/alerts/office/rules', {
      token,
      body: rule({ webhook_url: hook.url, email_to: ['noc@example.com'] }),
    });
    const path = `/api/v1/alerts/office/rules/${created.body.id}`;
    const test = await server.request<any>('POST', `${path}/test`, { token });
    expect(test.status).toBe(200);
    expect(test.body.deliveries).toEqual(
      expect.arrayContaining([
        { target: 'webhook', ok: true, status: 204, error: '' },
        { target: 'email', ok: true, status: null, error: '' },
      ]),
    );
    expect(hook.calls).toHaveLength(1);
    verify(hook.calls[0]!, created.body.secret);
    expect(hook.calls[0]!.body.event).toBe('alert.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: noc@example.com');
    expect(mails[0]).toContain('[Meshdeck TEST] office down');

    const rotated = await server.request<any>('POST', `${path}/secret`, { token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    await server.request('POST', `${path}/test`, { token });
    verify(hook.calls[1]!, rotated.body.secret);
  });

  it('POST/PUT rules -> when a field is wrong, returns 400 naming it and stores nothing; a network user reads rules without destinations and cannot write; another network answers 404 naming ruleid', async () => {
    server = await startTestServer({ EDITION: 'pro' });
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
    await createNetwork(server, token, 'lab', { addressrange: '10.11.0.0/24' });
    const create = (body: unknown, as = token, network = 'office') =>
      server!.request<any>('POST', `/api/v1/alerts/${network}/rules`, { token: as, body });
    const cases: [Record<string, unknown>, string][] = [
      [rule({ webhook_url: 'ftp://example.com/x' }), 'webhook_url'],
      [rule({ webhook_url: 'https://user:pw@example.com/x' }), 'webhook_url'],
      [rule({ webhook_url: 'https://example.com/x\nHost: evil' }), 'webhook_url'],
      [rule({}), 'webhook_url'],
      [rule({ name: 'two\nlines', webhook_url: 'https://example.com/x' }), 'name'],
      [rule({ kind: 'latency_high', webhook_url: 'https://example.com/x' }), 'latency_ms'],
      [rule({ cooldown_seconds: -1, webhook_url: 'https://example.com/x' }), 'cooldown_seconds'],
      [rule({ email_to: ['not an address'] }), 'email_to'],
      [rule({ kind: 'mood', webhook_url: 'https://example.com/x' }), 'kind'],
      [rule({ node_id: 'no-such-node', webhook_url: 'https://example.com/x' }), 'node_id'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.Message).toContain(field);
    }
    expect((await server.request<any[]>('GET', '/api/v1/alerts/office/rules', { token })).body).toEqual([]);

    const made = await create(rule({ webhook_url: 'https://hooks.example.com/services/T000/B000/XXXX' }));
    expect(made.status).toBe(200);
    const user = await createUserWithRole(server, 'office-user', 'platform-user', [
      'office-network-user-grp',
    ]);
    const seen = await server.request<any[]>('GET', '/api/v1/alerts/office/rules', { token: user });
    expect(seen.status).toBe(200);
    expect(seen.body[0].webhook_url).toBe('https://hooks.example.com/…');
    expect((await create(rule({ webhook_url: 'https://example.com/x' }), user)).status).toBe(403);

    const labAdmin = await createUserWithRole(server, 'lab-admin', 'platform-user', [
      'lab-network-admin-grp',
    ]);
    const elsewhere = await server.request<any>('PUT', `/api/v1/alerts/lab/rules/${made.body.id}`, {
      token: labAdmin,
      body: rule({ webhook_url: 'https://example.com/x' }),
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.Message).toContain('ruleid');
    expect((await server.request('GET', '/api/v1/alerts/office', { token: labAdmin })).status).toBe(404);
    // Deleting the network deletes its rules with it.
    expect((await server.request('DELETE', '/api/networks/office', { token })).status).toBe(200);
    await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
    expect((await server.request<any[]>('GET', '/api/v1/alerts/office/rules', { token })).body).toEqual([]);
  });

  it('edge_unreachable -> an agent reports its peer unreachable: the pair fires once (both directions are one alert); reachable again: resolved', async () => {
    const hook = await startReceiver();
    server = await startTestServer({ EDITION: 'pro' });
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
    const fleet = await registerFleet(server, token, ['office'], ['edge-a', 'edge-b']);
    const agents = await Promise.all(fleet.map((host) => connectAgent(server!, host)));
    cleanups.push(() => Promise.all(agents.map((agent) => agent.client.endAsync())));
    const [a, b] = fleet as [(typeof fleet)[number], (typeof fleet)[number]];
    const created = await server.request<any>('POST', '/api/v1/alerts/office/rules', {
      token,
      body: rule({ name: 'dead edge', kind: 'edge_unreachable', webhook_url: hook.url }),
    });
    expect(created.status).toBe(200);
    const publish = async (index: 0 | 1, reachable: boolean) => {
      const [from, to] = index === 0 ? [a, b] : [b, a];
      const report: MetricsReport = {
        node_id: from.nodes[0]!.id,
        network: 'office',
        collected_at: Date.now(),
        agent_uptime_s: 60,
        peers: [
          {
            peer: to.nodes[0]!.id,
            reachable,
            ...(reachable ? { latency_ms: 3 } : { reason: 'handshake_stale' as const }),
            rx_bytes: 10,
            tx_bytes: 10,
            path: reachable ? 'direct' : 'none',
          },
        ],
      };
      const sealed = sealPayload(payloadKey(String(from.body.traffickeypublic)), JSON.stringify(report));
      await agents[index]!.client.publishAsync(metricsTopic('meshdeck', report.node_id), sealed, { qos: 1 });
    };
    await publish(0, false);
    await publish(1, false);
    const [fired] = await until(
      'firing webhook',
      () => hook.calls,
      (calls) => calls.length >= 1,
    );
    verify(fired!, created.body.secret);
    const pair = [a.nodes[0]!.id, b.nodes[0]!.id].sort().join('~');
    expect(fired!.body).toMatchObject({ event: 'alert.firing', subject: { id: pair } });
    expect(fired!.body.detail).toContain('handshake_stale');

    await publish(0, true);
    await publish(1, true);
    const calls = await until(
      'resolved webhook',
      () => hook.calls,
      (all) => all.length >= 2,
    );
    expect(calls.map((call) => call.body.event)).toEqual(['alert.firing', 'alert.resolved']);
  }, 60_000);
});
