// Access control at scale (issue 32): one policy change in a 10,000-host network with 500 policies over 200 tags.
// Rows: the impact preview (POST /api/v1/acls/preview's work: load, compile both states, diff, checks), the save
// (one transaction: load, plan, diff, write), and publishing it (access deltas to the affected hosts only, with
// the messages and bytes that go out); also the shared function alone. Targets: change + publish <= 1 s with
// bytes O(affected), preview <= 300 ms. Real database (SQLite, and PostgreSQL under scripts/with-postgres.sh),
// real services; the broker is replaced by a counter so every host counts as listening.
import { AccessModel, diffAccess, type AclInput } from '@meshdeck/contracts';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { AccessRepository } from '../src/modules/access-control/access.repository.ts';
import { AccessModels } from '../src/modules/access-control/access-models.ts';
import { AccessService } from '../src/modules/access-control/access.service.ts';
import { accessInput } from '../src/modules/access-control/access-state.ts';
import { updatePolicy } from '../src/modules/access-control/policy-plans.ts';
import type { HostChange } from '../src/modules/peers/peer-changes.ts';
import { PeerUpdateBuilder } from '../src/modules/peers/peer-publisher.ts';
import { PeersRepository } from '../src/modules/peers/peers.repository.ts';
import { percentile, seedNetwork } from './seed.ts';

const HOSTS = Number(process.env.BENCH_ACCESS_HOSTS ?? 10_000);
const TAGS = 200;
const POLICIES = 500;
const RUNS = 5;
const NET = 'acl-bench';

let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = (n: number) => Math.floor(random() * n);
const tag = (i: number) => `${NET}.t${i}`;

const server = await startTestServer({ EDITION: 'pro' });
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, NET, { addressrange: '10.64.0.0/16', defaultacl: 'no' });
  const hostIds = await seedNetwork(server, NET, '10.64.0.0/16', HOSTS);
  const db = server.app.meshdeck.database.db;
  const now = new Date().toISOString();
  // Each host one tag, one in ten a second one; 500 two-way policies between random tags, a third of them ports.
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < TAGS; i++)
      await trx
        .insertInto('tags')
        .values({
          id: tag(i),
          network: NET,
          tag_name: `t${i}`,
          color_code: '',
          created_by: 'bench',
          created_at: now,
        })
        .execute();
    const nodes = await trx
      .selectFrom('nodes')
      .select('id')
      .where('network', '=', NET)
      .orderBy('id')
      .execute();
    for (const [i, node] of nodes.entries()) {
      const tags = i % 10 === 0 ? [tag(i % TAGS), tag((i * 7 + 3) % TAGS)] : [tag(i % TAGS)];
      await trx
        .updateTable('nodes')
        .set({ tags: JSON.stringify(tags) })
        .where('id', '=', node.id)
        .execute();
    }
    for (let i = 0; i < POLICIES; i++) {
      const ports = i % 3 === 0 ? ['443'] : [];
      await trx
        .insertInto('acl_policies')
        .values({
          id: `policy-${i}`,
          network: NET,
          name: `policy ${i}`,
          meta_data: '',
          policy_type: 'device-policy',
          src_type: JSON.stringify([{ id: 'tag', value: tag(pick(TAGS)) }]),
          dst_type: JSON.stringify([{ id: 'tag', value: tag(pick(TAGS)) }]),
          protocol: ports.length > 0 ? 'tcp' : 'all',
          service_type: ports.length > 0 ? 'HTTPS' : 'Any',
          ports: JSON.stringify(ports),
          direction: 1,
          enabled: 1,
          is_default: 0,
          created_by: 'bench',
          created_at: new Date(Date.now() + i).toISOString(),
        })
        .execute();
    }
  });

  const repository = new AccessRepository(db);
  const models = new AccessModels(repository, true);
  let told: ReadonlyMap<string, ReadonlySet<string>> = new Map();
  const service = new AccessService({
    repository,
    isPro: true,
    events: { publish: () => undefined },
    publisher: { publishAccess: (peersByHost) => void (told = peersByHost) },
    forget: (netid) => models.forget(netid),
    snapshot: (netid) => models.snapshot(netid),
    remember: (netid, rows, model) => models.remember(netid, rows, model),
  });
  const sent = { messages: 0, bytes: 0 };
  const builder = new PeerUpdateBuilder(
    new PeersRepository(db),
    {
      publish: async (_hostId, _topic, payload) => {
        sent.messages += 1;
        sent.bytes += payload.length;
      },
      // Access changes never send whole lists, so no host is described.
      describeHost: async () => undefined,
      listeningHosts: () => undefined,
    },
    'bench',
  );
  builder.useAccess(models);
  await models.forNetworks([NET]);

  // The change: policy 0 points at another tag (its old and new members lose and gain access).
  const policyInput = (run: number): AclInput & { id: string } => ({
    id: 'policy-0',
    name: 'policy 0',
    network_id: NET,
    policy_type: 'device-policy',
    src_type: [{ id: 'tag', value: tag(1) }],
    dst_type: [{ id: 'tag', value: tag(10 + run) }],
    allowed_traffic_direction: 1,
    enabled: true,
  });

  const pure: number[] = [];
  const previews: number[] = [];
  const coldPreviews: number[] = [];
  const saves: number[] = [];
  const publishes: number[] = [];
  const totals: number[] = [];
  const stats: { hosts: number; messages: number; bytes: number; pairs: number }[] = [];
  const rows = await repository.read(NET);
  for (let run = 0; run < RUNS; run++) {
    {
      const started = performance.now();
      const before = new AccessModel(accessInput(rows!, true));
      const after = new AccessModel({
        ...accessInput(rows!, true),
        policies: accessInput(rows!, true).policies.map((p) =>
          p.id === 'policy-0' ? { ...p, destinations: [{ type: 'tag', value: tag(100 + run) }] } : p,
        ),
      });
      diffAccess(before, after, 200, () => undefined);
      pure.push(performance.now() - started);
    }
    // A preview starts from the model enforcement compiled (the publish after a save compiles it again); a cold
    // one (the model forgotten, e.g. after a node change) reads and compiles the network first.
    models.forget(NET);
    let started = performance.now();
    await service.preview(NET, updatePolicy(policyInput(run), true));
    coldPreviews.push(performance.now() - started);
    started = performance.now();
    const impact = await service.preview(NET, updatePolicy(policyInput(run), true));
    previews.push(performance.now() - started);

    started = performance.now();
    await service.save(NET, updatePolicy(policyInput(run), true));
    const saved = performance.now();
    saves.push(saved - started);
    const changes: HostChange[] = [...told].map(([hostId, others]) => ({ hostId, accessPeers: [...others] }));
    sent.messages = 0;
    sent.bytes = 0;
    await builder.publish(changes);
    publishes.push(performance.now() - saved);
    totals.push(performance.now() - started);
    stats.push({
      hosts: changes.length,
      messages: sent.messages,
      bytes: sent.bytes,
      pairs: impact.pairs.gained + impact.pairs.lost,
    });
  }
  const median = (values: number[]) => percentile(values, 50).toFixed(0);
  const last = stats.at(-1)!;
  console.log(
    `access control, ${HOSTS} hosts, ${POLICIES} policies over ${TAGS} tags (median of ${RUNS}; shared, loaded machine)`,
  );
  console.log('| figure | median | target |');
  console.log('|---|---|---|');
  console.log(`| one policy change: save (transaction, diff) | ${median(saves)} ms | |`);
  console.log(`| one policy change: publish to affected hosts | ${median(publishes)} ms | |`);
  console.log(`| one policy change: save + publish | ${median(totals)} ms | <= 1000 ms |`);
  console.log(
    `| hosts told / messages / bytes (last run) | ${last.hosts} / ${last.messages} / ${(last.bytes / 1024).toFixed(0)} KiB (${(last.bytes / Math.max(1, last.hosts)).toFixed(0)} B per host, ${last.pairs} pairs changed) | O(affected) |`,
  );
  console.log(`| impact preview (POST /api/v1/acls/preview work) | ${median(previews)} ms | <= 300 ms |`);
  console.log(
    `| impact preview, cold (reads and compiles the network) | ${median(coldPreviews)} ms | <= 300 ms |`,
  );
  console.log(`| shared function alone: compile both + diff | ${median(pure)} ms | |`);
  if (hostIds.length !== HOSTS) throw new Error('seeding failed');
} finally {
  await server.close();
}
