import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, createKey, hostBody, registerHost } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
let agent: Awaited<ReturnType<typeof connectAgent>>;
let hostId: string;
let hostToken: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'corp', { addressrange: '10.30.0.0/24' });
  const key = await createKey(server, token, { tags: ['dns-key'], networks: ['corp'], unlimited: true });
  const host = hostBody('B Host');
  hostId = host.id;
  hostToken = (await registerHost(server, key.token, host)).auth_token as string;
  agent = await connectAgent(server, host);
  await agent.client.subscribeAsync(`host/update/${host.id}/${'meshdeck'}`);
  // B's own join may still be waiting for its batch: sent now, so each test sees only its own changes.
  await updatesSince(agent, 0, []);
  // A limit on waiting, not a speed check: a server start, a migration, a password hash, a join and two DNS
  // round trips took over the 30 s default in the PostgreSQL pass of a fresh-clone check at load 20-30.
}, 120_000);
afterAll(async () => {
  await agent.client.endAsync();
  await server.close();
});

const call = (method: string, path: string, body?: unknown) =>
  server.request<any>(method, path, { token, body });
const entries = async () => (await call('GET', '/api/dns/adm/corp')).body as any[];

describe('GET /api/dns/adm/{network}', () => {
  it('-> lists each node as <host>.<network> with its address', async () => {
    expect(await entries()).toEqual([
      { name: 'b-host.corp', address: '10.30.0.1', address6: '', network: 'corp' },
    ]);
    expect((await call('GET', '/api/dns/adm/nowhere')).status).toBe(404);
  });
});

describe('POST /api/dns/{network}', () => {
  it('-> when valid, adds the entry and sends the hosts a DNS_UPDATE holding only it', async () => {
    const response = await call('POST', '/api/dns/corp', { name: 'db.corp', address: '10.30.0.50' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      name: 'db.corp',
      address: '10.30.0.50',
      address6: '',
      network: 'corp',
    });
    // The host is told only what changed: one DNS_UPDATE with the new entry, not the network's list.
    const pushed = await agent.waitFor(
      (m) => m.payload.Action === 'DNS_UPDATE' && m.payload.DNS.added.some((e: any) => e.name === 'db.corp'),
    );
    expect(pushed.topic).toBe(`host/update/${hostId}/meshdeck`);
    expect(pushed.payload).toEqual({
      Action: 'DNS_UPDATE',
      DNS: { network: 'corp', added: [response.body], removed: [] },
    });
    expect((await call('GET', '/api/dns/adm/corp/custom')).body).toHaveLength(1);
    expect((await call('GET', '/api/dns')).body).toHaveLength(2);
    // An agent that reconnects finds them in its pull.
    const pulled = await server.request<any>('GET', '/api/v1/host', { token: hostToken });
    expect(pulled.body.dns_entries.map((e: any) => e.name)).toEqual(['b-host.corp', 'db.corp']);
  });

  it.each([
    ['a name with a space', { name: 'bad name', address: '10.30.0.9' }, /name must not contain spaces/],
    ['a name with an underscore', { name: 'bad_name.corp', address: '10.30.0.9' }, /name: label "bad_name"/],
    ['an empty name', { name: '', address: '10.30.0.9' }, /name is required/],
    [
      'a bad IPv4 address',
      { name: 'ok-name.corp', address: '10.30.0.300' },
      /address must be an IPv4 address/,
    ],
    [
      'an IPv4 address as address6',
      { name: 'ok-name.corp', address6: '10.30.0.9' },
      /address6 must be an IPv6 address/,
    ],
    ['no address', { name: 'ok-name.corp' }, /address or address6 is required/],
    ['a duplicate name', { name: 'DB.corp', address: '10.30.0.9' }, /name: DB.corp already exists/],
    ["a node's automatic name", { name: 'b-host.corp', address: '10.30.0.9' }, /automatic name/],
  ])('-> when the body has %s, returns 400 naming the field and adds nothing', async (_, body, message) => {
    const before = await entries();
    const response = await call('POST', '/api/dns/corp', body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(message);
    expect(await entries()).toEqual(before);
  });
});

describe('DELETE /api/dns/{network}/{domain}', () => {
  it('-> deletes a custom entry, refuses an automatic one, 404 for an unknown one', async () => {
    await call('POST', '/api/dns/corp', { name: 'gone.corp', address: '10.30.0.5' });
    const deleted = await call('DELETE', '/api/dns/corp/gone.corp');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe('gone.corp deleted.');
    expect((await entries()).some((e) => e.name === 'gone.corp')).toBe(false);
    const automatic = await call('DELETE', '/api/dns/corp/b-host.corp');
    expect(automatic.status).toBe(400);
    expect(automatic.body.Message).toMatch(/automatic entry/);
    expect((await call('DELETE', '/api/dns/corp/never-there')).status).toBe(404);
  });
});

type Agent = Awaited<ReturnType<typeof connectAgent>>;
let markers = 0;
const isUpdate = (m: { payload: any }) => m.payload.Action === 'DNS_UPDATE';
const namesOf = (m: { payload: any }) => [
  ...m.payload.DNS.added.map((e: any) => e.name),
  ...m.payload.DNS.removed,
];

/**
 * The DNS_UPDATEs `observer` got from message `from` on, once they name every one of `expected`. A marker entry is
 * then added and its message waited for: batches are sent one after the other, so a further message of the change
 * would have come before it. The marker is deleted again (and that message waited for) before returning.
 */
async function updatesSince(observer: Agent, from: number, expected: readonly string[]) {
  const since = () => observer.messages.slice(from).filter(isUpdate);
  await observer.waitFor(() => {
    const seen = new Set(since().flatMap(namesOf));
    return expected.every((name) => seen.has(name));
  });
  const name = `marker-${(markers += 1)}.corp`;
  const posted = await call('POST', '/api/dns/corp', { name, address: '10.30.0.200' });
  if (posted.status !== 200) throw new Error(JSON.stringify(posted));
  const marker = await observer.waitFor((m) => isUpdate(m) && namesOf(m).includes(name));
  // Markers of earlier calls (another observer's) are not the change asked about.
  const got = observer.messages
    .slice(from, observer.messages.indexOf(marker))
    .filter((m) => isUpdate(m) && !namesOf(m).every((n: string) => n.startsWith('marker-')));
  await call('DELETE', `/api/dns/corp/${name}`);
  await observer.waitFor((m) => isUpdate(m) && m.payload.DNS.removed.includes(name));
  return got;
}

describe('DNS_UPDATE on node joins, renames and leaves', () => {
  let key: { token: string };
  beforeAll(async () => {
    key = await createKey(server, token, { tags: ['dns-burst'], networks: ['corp'], unlimited: true });
    // The custom-entry tests' last changes may still wait for a batch (a loaded CI run sent gone.corp's
    // removal together with the next join): sent now, so each test here sees only its own changes.
    await updatesSince(agent, agent.messages.length, []);
  });

  it('-> when a host joins, is renamed and leaves, then each time the others get one DNS_UPDATE with that name only', async () => {
    let from = agent.messages.length;
    const c = hostBody('C Host');
    await registerHost(server, key.token, c);
    const joined = await updatesSince(agent, from, ['c-host.corp']);
    expect(joined).toHaveLength(1);
    const address = (await entries()).find((e) => e.name === 'c-host.corp')!.address;
    expect(joined[0]!.payload.DNS).toEqual({
      network: 'corp',
      added: [{ name: 'c-host.corp', address, address6: '', network: 'corp' }],
      removed: [],
    });

    from = agent.messages.length;
    expect((await call('PUT', `/api/hosts/${c.id}`, { name: 'C Renamed' })).status).toBe(200);
    const renamed = await updatesSince(agent, from, ['c-renamed.corp', 'c-host.corp']);
    expect(renamed.map((m) => m.payload.DNS)).toEqual([
      {
        network: 'corp',
        added: [{ name: 'c-renamed.corp', address, address6: '', network: 'corp' }],
        removed: ['c-host.corp'],
      },
    ]);

    from = agent.messages.length;
    expect((await call('DELETE', `/api/hosts/${c.id}/networks/corp?force=true`)).status).toBe(200);
    const left = await updatesSince(agent, from, ['c-renamed.corp']);
    expect(left.map((m) => m.payload.DNS)).toEqual([
      { network: 'corp', added: [], removed: ['c-renamed.corp'] },
    ]);
    expect((await entries()).some((e) => e.name.startsWith('c-'))).toBe(false);
  });

  it('-> when a custom entry is deleted, then each host gets one DNS_UPDATE removing that name only', async () => {
    await call('POST', '/api/dns/corp', { name: 'short-lived.corp', address: '10.30.0.60' });
    await agent.waitFor(
      (m) => isUpdate(m) && m.payload.DNS.added.some((e: any) => e.name === 'short-lived.corp'),
    );
    const from = agent.messages.length;
    expect((await call('DELETE', '/api/dns/corp/short-lived.corp')).status).toBe(200);
    const got = await updatesSince(agent, from, ['short-lived.corp']);
    expect(got.map((m) => m.payload.DNS)).toEqual([
      { network: 'corp', added: [], removed: ['short-lived.corp'] },
    ]);
  });

  it('-> when hosts join in a burst, then each host gets one DNS_UPDATE per batch, not one per join', async () => {
    const observerHost = hostBody('Observer Host');
    await registerHost(server, key.token, observerHost);
    const observer = await connectAgent(server, observerHost);
    await observer.client.subscribeAsync(`host/update/${observerHost.id}/meshdeck`);
    // The observer's own join is sent before the burst starts.
    await updatesSince(agent, 0, ['observer-host.corp']);
    try {
      const from = [agent.messages.length, observer.messages.length] as const;
      const burst = Array.from({ length: 12 }, (_, i) => hostBody(`Burst ${i}`));
      await Promise.all(burst.map((h) => registerHost(server, key.token, h)));
      const expected = burst.map((_, i) => `burst-${i}.corp`).sort();
      const seen: string[][] = [];
      for (const [observed, start] of [
        [agent, from[0]],
        [observer, from[1]],
      ] as const) {
        const got = await updatesSince(observed, start, expected);
        // Twelve joins within the quiet time of one another: far fewer messages than joins, every name once.
        expect(got.length).toBeGreaterThanOrEqual(1);
        expect(got.length).toBeLessThan(burst.length / 2);
        expect(got.flatMap(namesOf).sort()).toEqual(expected);
        expect(got.every((m) => m.payload.DNS.removed.length === 0)).toBe(true);
        seen.push(got.map((m) => JSON.stringify(m.payload.DNS)));
      }
      // Both hosts got the same batches.
      expect(seen[1]).toEqual(seen[0]);
    } finally {
      await observer.client.endAsync();
    }
  });
});

describe('POST /api/dns/adm/{network}/sync', () => {
  it("-> sends each host a DNS_SYNC with the network's whole list", async () => {
    const from = agent.messages.length;
    expect((await call('POST', '/api/dns/adm/corp/sync')).status).toBe(200);
    const sync = await agent.waitFor((m) => m.payload.Action === 'DNS_SYNC');
    expect(agent.messages.indexOf(sync)).toBeGreaterThanOrEqual(from);
    expect(sync.payload).toEqual({
      Action: 'DNS_SYNC',
      Host: { id: hostId },
      DNS: { network: 'corp', entries: await entries() },
    });
  });
});

describe('POST /api/dns/{network}: names and addresses a network may not claim (issue 38 item 5, decision 048)', () => {
  beforeAll(async () => {
    await createNetwork(server, token, 'netb', { addressrange: '10.31.0.0/24' });
    const key = await createKey(server, token, { tags: ['dns-netb'], networks: ['netb'], unlimited: true });
    await registerHost(server, key.token, hostBody('B1'));
  });

  it.each([
    ["another network's automatic name", 'b1.netb'],
    ['a public name', 'github.com'],
    ['localhost', 'localhost'],
    ['the network name alone', 'corp'],
    ['only dots', '...'],
    ['an option-like name', '-rf'],
    ['a label starting with a dash', '-rf.corp'],
    ['a label ending with a dash', 'files-.corp'],
    ['an empty label', 'a..corp'],
    ['a dot first', '.corp'],
    ['a label of 64 characters', `${'a'.repeat(64)}.corp`],
    ['a name under the network that ends in another network', 'files.corp.netb'],
  ])('-> when the name is %s (%s), returns 400 naming name and adds nothing', async (_, name) => {
    const before = await entries();
    const response = await call('POST', '/api/dns/corp', { name, address: '10.30.0.9' });
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/^(invalid body: )?name: /);
    expect(await entries()).toEqual(before);
  });

  it.each([
    [
      'a public address',
      { name: 'pypi.corp', address: '8.8.8.8' },
      /^address: 8\.8\.8\.8 is outside network corp's range 10\.30\.0\.0\/24/,
    ],
    [
      "another network's address",
      { name: 'b1-alias.corp', address: '10.31.0.1' },
      /^address: 10\.31\.0\.1 is outside/,
    ],
    ['loopback', { name: 'loop.corp', address: '127.0.0.1' }, /^address: 127\.0\.0\.1 is outside/],
    [
      'an IPv6 address in a network without an IPv6 range',
      { name: 'six.corp', address6: 'fd00::5' },
      /^address6: fd00::5 cannot be used: network corp has no IPv6 range/,
    ],
  ])(
    '-> when the address is %s, returns 400 naming the address field and adds nothing',
    async (_, body, message) => {
      const before = await entries();
      const response = await call('POST', '/api/dns/corp', body);
      expect(response.status).toBe(400);
      expect(response.body.Message).toMatch(message);
      expect(await entries()).toEqual(before);
    },
  );

  it('-> when the name ends in the network in another case and points inside it, then it is added (names are case-blind)', async () => {
    const response = await call('POST', '/api/dns/corp', { name: 'Files.Team.CORP', address: '10.30.0.70' });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Files.Team.CORP');
    expect((await call('DELETE', '/api/dns/corp/Files.Team.CORP')).status).toBe(200);
  });
});

describe('custom entries stored before decision 048 that break its rules', () => {
  const legacy = [
    { network: 'corp', name: 'github.com', address: '10.30.0.7', address6: '' },
    { network: 'corp', name: 'pypi.corp', address: '8.8.8.8', address6: '' },
  ];
  beforeAll(async () => {
    await server.app.meshdeck.database.db.insertInto('dns_entries').values(legacy).execute();
  });

  it('-> when listed, then they are kept and marked invalid naming the field; pulls and DNS_SYNC leave them out; they can be deleted', async () => {
    const custom = (await call('GET', '/api/dns/adm/corp/custom')).body as any[];
    expect(custom.find((e) => e.name === 'github.com')).toEqual({
      ...legacy[0],
      invalid: expect.stringMatching(/^name: must end in \.corp/),
    });
    expect(custom.find((e) => e.name === 'pypi.corp')).toEqual({
      ...legacy[1],
      invalid: expect.stringMatching(/^address: 8\.8\.8\.8 is outside/),
    });
    expect(custom.filter((e) => e.invalid === undefined).length).toBe(custom.length - 2);

    const pulled = await server.request<any>('GET', '/api/v1/host', { token: hostToken });
    const pulledNames = pulled.body.dns_entries.map((e: any) => e.name);
    expect(pulledNames).not.toContain('github.com');
    expect(pulledNames).not.toContain('pypi.corp');
    expect(pulledNames).toContain('b-host.corp');

    const from = agent.messages.length;
    expect((await call('POST', '/api/dns/adm/corp/sync')).status).toBe(200);
    const sync = await agent.waitFor(
      (m) => m.payload.Action === 'DNS_SYNC' && agent.messages.indexOf(m) >= from,
    );
    const synced = sync.payload.DNS.entries.map((e: any) => e.name);
    expect(synced).toContain('b-host.corp');
    expect(synced).not.toContain('github.com');
    expect(synced).not.toContain('pypi.corp');

    for (const { name } of legacy) expect((await call('DELETE', `/api/dns/corp/${name}`)).status).toBe(200);
    expect(((await call('GET', '/api/dns/adm/corp/custom')).body as any[]).some((e) => e.invalid)).toBe(
      false,
    );
  });
});
