import type { ChangeEvent } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { observeDatabase } from '../../../test/db-observer.ts';
import { connectAgent, registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let source: TestServer;
let target: TestServer;
let sourceToken: string;
let targetToken: string;
beforeEach(async () => {
  source = await startTestServer({ EDITION: 'pro' });
  target = await startTestServer({ EDITION: 'pro' });
  sourceToken = await createSuperAdminAndLogin(source);
  targetToken = await createSuperAdminAndLogin(target);
});
afterEach(async () => {
  await Promise.all([source.close(), target.close()]);
});

/** A network with a key, a tag, a custom DNS entry and a policy between two tags. */
async function furnish(server: TestServer, token: string) {
  await createNetwork(server, token, 'office', { addressrange: '10.60.0.0/24' });
  const calls = [
    server.request('POST', '/api/v1/enrollment-keys', {
      token,
      body: {
        tags: ['laptops'],
        networks: ['office'],
        type: 2,
        unlimited: true,
        expiration: 0,
        uses_remaining: 0,
      },
    }),
    server.request('POST', '/api/v1/tags', {
      token,
      body: { network: 'office', tag_name: 'servers', tagged_nodes: [] },
    }),
    server.request('POST', '/api/v1/tags', {
      token,
      body: { network: 'office', tag_name: 'staff', tagged_nodes: [] },
    }),
    server.request('POST', '/api/dns/office', {
      token,
      body: { name: 'printer.office', address: '10.60.0.9' },
    }),
  ];
  for (const call of calls) expect((await call).status).toBe(200);
  const acl = await server.request('POST', '/api/v1/acls', {
    token,
    body: {
      name: 'staff to servers',
      network_id: 'office',
      policy_type: 'device-policy',
      src_type: [{ id: 'tag', value: 'office.staff' }],
      dst_type: [{ id: 'tag', value: 'office.servers' }],
      allowed_traffic_direction: 1,
      protocol: 'all',
      type: 'Any',
      ports: [],
      enabled: true,
    },
  });
  expect(acl.status, JSON.stringify(acl.body)).toBe(200);
}

const exportOf = async (server: TestServer, token: string) => {
  const response = await server.request<any>('GET', '/api/v1/export', { token });
  expect(response.status).toBe(200);
  return response.body;
};
const importInto = (server: TestServer, token: string, document: unknown, dryRun: boolean) =>
  server.request<any>('POST', `/api/v1/import?dry_run=${dryRun}`, { token, body: document });
/** What a comparison of two servers' configurations looks at: names and settings, not generated ids or values. */
const comparable = (document: any) => ({
  networks: document.networks.map((n: any) => [n.netid, n.addressrange, n.defaultkeepalive]),
  keys: document.enrollment_keys.map((k: any) => [k.tags, k.networks, k.unlimited]),
  tags: document.tags.map((t: any) => t.id).sort(),
  dns: document.dns,
  acls: document.acls.map((a: any) => [a.name, a.src_type, a.dst_type, a.enabled]),
});

describe('GET /api/v1/export then POST /api/v1/import', () => {
  it('-> a dry run lists what would be created and writes nothing; the import then makes the same configuration', async () => {
    await furnish(source, sourceToken);
    const document = await exportOf(source, sourceToken);
    expect(document.meshdeck_export).toBe(1);
    const before = await exportOf(target, targetToken);

    const dry = await importInto(target, targetToken, document, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.Response.dry_run).toBe(true);
    expect(dry.body.Response.changes).toEqual(
      expect.arrayContaining([
        { resource: 'networks', id: 'office', action: 'create' },
        { resource: 'enrollment_keys', id: 'laptops', action: 'create' },
        { resource: 'tags', id: 'office.servers', action: 'create' },
        { resource: 'dns', id: 'office/printer.office', action: 'create' },
        { resource: 'acls', id: 'office/staff to servers', action: 'create' },
      ]),
    );
    expect(await exportOf(target, targetToken)).toEqual(before);

    const applied = await importInto(target, targetToken, document, false);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(comparable(await exportOf(target, targetToken))).toEqual(comparable(document));

    // Importing the same document again changes nothing.
    const again = await importInto(target, targetToken, document, true);
    expect(again.body.Response.changes.every((c: any) => c.action === 'unchanged')).toBe(true);
  });

  it('-> an item that exists differently is a 409 naming it, and nothing of the document is written', async () => {
    await createNetwork(target, targetToken, 'office', { addressrange: '10.99.0.0/24' });
    const document = {
      meshdeck_export: 1,
      networks: [
        { netid: 'lab', addressrange: '10.61.0.0/24' },
        { netid: 'office', addressrange: '10.60.0.0/24' },
      ],
    };
    const response = await importInto(target, targetToken, document, false);
    expect(response.status).toBe(409);
    expect(response.body.Message).toContain('networks[1] "office"');
    expect((await target.request('GET', '/api/networks/lab', { token: targetToken })).status).not.toBe(200);
  });

  it('-> a write refused while applying names the item, and the import is rolled back whole', async () => {
    const document = {
      meshdeck_export: 1,
      networks: [{ netid: 'lab', addressrange: '10.62.0.0/24' }],
      dns: [{ network: 'ghost', name: 'nas.ghost', address: '10.62.0.7' }],
    };
    const response = await importInto(target, targetToken, document, false);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.Message).toContain('dns[0] "nas.ghost" in ghost');
    const networks = await target.request<any[]>('GET', '/api/networks', { token: targetToken });
    expect(networks.body.map((n) => n.netid)).not.toContain('lab');
  });

  it('-> an invalid item is a 400 naming the item and field', async () => {
    const response = await importInto(
      target,
      targetToken,
      { meshdeck_export: 1, dns: [{ network: 'x', name: 'bad name', address: '10.0.0.1' }] },
      true,
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('dns[0]: name');
    const wrong = await importInto(target, targetToken, { networks: [] }, true);
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toContain('meshdeck_export');
  });

  it.each([
    [
      'a name outside the network',
      { name: 'github.com', address: '10.64.0.7' },
      'dns[0]: name: must end in .dnsrules',
    ],
    [
      "another network's name",
      { name: 'b1.netb', address: '10.64.0.7' },
      'dns[0]: name: must end in .dnsrules',
    ],
    [
      'an address outside the network',
      { name: 'pypi.dnsrules', address: '8.8.8.8' },
      'dns[0]: address: 8.8.8.8 is outside',
    ],
  ])(
    '-> when a DNS entry has %s, then a dry run and an import answer 400 naming the item and field and write nothing (decision 048)',
    async (_, entry, message) => {
      const document = {
        meshdeck_export: 1,
        networks: [{ netid: 'dnsrules', addressrange: '10.64.0.0/24' }],
        dns: [{ network: 'dnsrules', ...entry }],
      };
      for (const dryRun of [true, false]) {
        const response = await importInto(target, targetToken, document, dryRun);
        expect(response.status).toBe(400);
        expect(response.body.Message).toContain(message);
      }
      expect((await target.request('GET', '/api/networks/dnsrules', { token: targetToken })).status).not.toBe(
        200,
      );
    },
  );

  it('-> when a stored entry breaks the DNS rules (stored before them), then the export leaves it out and imports back', async () => {
    await createNetwork(target, targetToken, 'legacy', { addressrange: '10.65.0.0/24' });
    await target.app.meshdeck.database.db
      .insertInto('dns_entries')
      .values([
        { network: 'legacy', name: 'github.com', address: '10.65.0.7', address6: '' },
        { network: 'legacy', name: 'ok.legacy', address: '10.65.0.8', address6: '' },
      ])
      .execute();
    const document = await exportOf(target, targetToken);
    const names = document.dns.filter((e: any) => e.network === 'legacy').map((e: any) => e.name);
    expect(names).toEqual(['ok.legacy']);
    const again = await importInto(target, targetToken, document, true);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.Response.changes.every((c: any) => c.action === 'unchanged')).toBe(true);
  });

  it('-> only platform admins import; an auditor may export', async () => {
    const auditor = await createUserWithRole(target, 'aud', 'auditor');
    expect((await importInto(target, auditor, { meshdeck_export: 1 }, true)).status).toBe(403);
    expect((await target.request('GET', '/api/v1/export', { token: auditor })).status).toBe(200);
  });
});

/** A policy between two tags of `network`, in the import document's form. */
const policy = (name: string, network: string) => ({
  name,
  network_id: network,
  policy_type: 'device-policy',
  src_type: [{ id: 'tag', value: `${network}.staff` }],
  dst_type: [{ id: 'tag', value: `${network}.servers` }],
  allowed_traffic_direction: 1,
  protocol: 'all',
  type: 'Any',
  ports: [],
  enabled: true,
});
/** A new network, two tags, a DNS entry and a policy in `office` (which has a host), and `last` at the end. */
const documentEndingWith = (last: Record<string, unknown>[]) => ({
  meshdeck_export: 1,
  networks: [{ netid: 'lab', addressrange: '10.62.0.0/24' }],
  tags: [
    { network: 'office', tag_name: 'staff' },
    { network: 'office', tag_name: 'servers' },
  ],
  dns: [{ network: 'office', name: 'nas.office', address: '10.60.0.7' }],
  acls: [policy('staff to servers', 'office'), ...last],
});
const activityIds = async () => {
  const response = await target.request<any>('GET', '/api/v1/activity', { token: targetToken });
  expect(response.status).toBe(200);
  return (response.body.Response as { id: string }[]).map((entry) => entry.id);
};
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `messages` has not grown for `ms`. */
async function quiet(messages: unknown[], ms: number) {
  for (let count = -1; count !== messages.length;) {
    count = messages.length;
    await later(ms);
  }
}

describe('POST /api/v1/import in one transaction', () => {
  it('-> when its last item is refused, leaves no row, no activity entry, no event and no MQTT message; accepted, it sends them', async () => {
    await createNetwork(target, targetToken, 'office', { addressrange: '10.60.0.0/24' });
    const [host] = await registerFleet(target, targetToken, ['office'], ['printer-host']);
    const agent = await connectAgent(target, host!);
    try {
      await agent.client.subscribeAsync([
        `host/update/${host!.id}/meshdeck`,
        `peers/host/${host!.id}/meshdeck`,
      ]);
      // What the registration itself sent (peer lists, its DNS name, batched for up to 2 s) is out of the way.
      await target.app.meshdeck.peerQueue.flush();
      await quiet(agent.messages, 2500);
      agent.messages.length = 0;
      const events: ChangeEvent[] = [];
      const unsubscribe = target.app.meshdeck.events.subscribe((event) => events.push(event));
      const activityBefore = await activityIds();

      const refused = await importInto(
        target,
        targetToken,
        documentEndingWith([policy('ghost policy', 'ghost')]),
        false,
      );
      expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused.body.Message).toContain('acls[1] "ghost policy" in ghost');
      const after = await exportOf(target, targetToken);
      expect(after.networks.map((n: any) => n.netid)).toEqual(['office']);
      expect([after.tags, after.dns, after.acls]).toEqual([[], [], []]);
      expect(await activityIds()).toEqual(activityBefore);
      await target.app.meshdeck.peerQueue.flush();
      await later(2500);
      expect(events).toEqual([]);
      expect(agent.messages).toEqual([]);

      // The same document without the refused item goes through, and then everything is announced and sent.
      const accepted = await importInto(target, targetToken, documentEndingWith([]), false);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ resource: 'networks', action: 'created', id: 'lab' }),
          expect.objectContaining({
            resource: 'dns',
            action: 'created',
            id: 'nas.office',
            network: 'office',
          }),
        ]),
      );
      await agent.waitFor((m) => JSON.stringify(m.payload).includes('"nas.office"'));
      expect((await activityIds()).length).toBeGreaterThan(activityBefore.length);
      unsubscribe();
    } finally {
      await agent.client.endAsync();
    }
  });

  it('-> when it holds many tags and policies of a network, then each set is saved at once: one event per resource, every item stored with its activity entry', async () => {
    await createNetwork(target, targetToken, 'office', { addressrange: '10.60.0.0/24' });
    const count = 60;
    const events: ChangeEvent[] = [];
    const unsubscribe = target.app.meshdeck.events.subscribe((event) => {
      if (event.network === 'office' && (event.resource === 'tags' || event.resource === 'acls'))
        events.push(event);
    });
    const document = {
      meshdeck_export: 1,
      tags: [
        { network: 'office', tag_name: 'staff' },
        { network: 'office', tag_name: 'servers' },
      ],
      acls: Array.from({ length: count }, (_, i) => policy(`rule ${i}`, 'office')),
    };
    const response = await importInto(target, targetToken, document, false);
    unsubscribe();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // Saved one by one, the set announced (and recompiled the network's access for) every item.
    expect(events.map((e) => `${e.resource} ${e.action}`).sort()).toEqual(['acls updated', 'tags updated']);
    const acls = await target.request<any>('GET', '/api/v1/acls?network=office', { token: targetToken });
    const names = (acls.body.Response as { name: string }[]).map((a) => a.name);
    for (let i = 0; i < count; i++) expect(names).toContain(`rule ${i}`);
    const activity = await target.request<any>('GET', '/api/v1/activity', { token: targetToken });
    const targets = (activity.body.Response as { target: { name: string; subject_type: string } }[]).map(
      (e) => `${e.target.subject_type} ${e.target.name}`,
    );
    expect(targets).toContain('ACL rule 7');
    expect(targets).toContain('TAG staff');
  });

  it('-> when a policy of a set names a tag the network lacks, answers 400 naming that item and stores nothing', async () => {
    await createNetwork(target, targetToken, 'office', { addressrange: '10.60.0.0/24' });
    const acls = [
      policy('fine', 'office'),
      { ...policy('broken', 'office'), dst_type: [{ id: 'tag', value: 'office.nope' }] },
    ];
    const document = {
      meshdeck_export: 1,
      tags: [
        { network: 'office', tag_name: 'staff' },
        { network: 'office', tag_name: 'servers' },
      ],
      acls,
    };
    const response = await importInto(target, targetToken, document, false);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('acls[1] \\"broken\\" in office');
    const tags = await target.request<any>('GET', '/api/v1/tags?network=office', { token: targetToken });
    expect(tags.body.Response).toEqual([]);
  });

  it('-> when accepted, announces its changes after COMMIT: a listener already finds them stored', async () => {
    const observer = await observeDatabase(target);
    try {
      const stored: Promise<number>[] = [];
      const unsubscribe = target.app.meshdeck.events.subscribe((event) => {
        if (event.resource === 'networks' && event.action === 'created')
          stored.push(observer.count(`select count(*) from networks where netid in ('lab', 'depot')`));
      });
      const document = {
        meshdeck_export: 1,
        networks: [
          { netid: 'lab', addressrange: '10.62.0.0/24' },
          { netid: 'depot', addressrange: '10.63.0.0/24' },
        ],
      };
      const response = await importInto(target, targetToken, document, false);
      unsubscribe();
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(await Promise.all(stored)).toEqual([2, 2]);
    } finally {
      await observer.close();
    }
  });

  it('-> while an import runs, another client listing the networks sees none or all of them, never part', async () => {
    const count = 30;
    const document = {
      meshdeck_export: 1,
      networks: Array.from({ length: count }, (_, i) => ({
        netid: `batch-${i}`,
        addressrange: `10.70.${i}.0/24`,
      })),
    };
    const importing = importInto(target, targetToken, document, false);
    let isDone = false;
    void importing.finally(() => (isDone = true));
    const seen: number[] = [];
    while (!isDone) {
      const listed = await target.request<any[]>('GET', '/api/networks', { token: targetToken });
      expect(listed.status).toBe(200);
      seen.push(listed.body.filter((n) => String(n.netid).startsWith('batch-')).length);
    }
    expect((await importing).status).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((n) => n !== 0 && n !== count)).toEqual([]);
    const listed = await target.request<any[]>('GET', '/api/networks', { token: targetToken });
    expect(listed.body.filter((n) => String(n.netid).startsWith('batch-'))).toHaveLength(count);
  });
});

describe('POST /api/v1/import beside other writers', () => {
  it('-> when another client creates a network and a DNS entry while an import runs, neither waits for the other forever', async () => {
    await createNetwork(target, targetToken, 'office', { addressrange: '10.60.0.0/24' });
    const document = {
      meshdeck_export: 1,
      networks: Array.from({ length: 20 }, (_, i) => ({
        netid: `batch-${i}`,
        addressrange: `10.70.${i}.0/24`,
      })),
      dns: [{ network: 'office', name: 'nas.office', address: '10.60.0.7' }],
    };
    const importing = importInto(target, targetToken, document, false);
    // Both take the locks the import takes (the networks lock, the office network's node lock).
    const network = createNetwork(target, targetToken, 'outside', { addressrange: '10.80.0.0/24' });
    const entry = target.request('POST', '/api/dns/office', {
      token: targetToken,
      body: { name: 'printer.office', address: '10.60.0.9' },
    });
    const [imported, , dns] = await Promise.all([importing, network, entry]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(dns.status, JSON.stringify(dns.body)).toBe(200);
    const after = await exportOf(target, targetToken);
    expect(after.networks.map((n: any) => n.netid)).toEqual(expect.arrayContaining(['outside', 'batch-19']));
    expect(after.dns.map((e: any) => e.name).sort()).toEqual(['nas.office', 'printer.office']);
  });
});
