// Issue 32, agent side: a host with 10,000 peers receives a policy update that changes what every one of them may
// open toward it, and applies it. Measured through the agent's own code: the wire message parsed and validated
// (hostPeerUpdateSchema), merged into the peer table and peer identities (applyPeerUpdate, MeshRouting.update),
// grouped into the packet filter's sets (inboundGroups), rendered as the agent's whole nftables table and applied
// with `nft -f` by the agent's Firewall class, in a throwaway network namespace (`unshare --net`, root). Target:
// <= 200 ms. The WireGuard interface update that follows is not part of the figure (it is not the ruleset).
import { spawnSync } from 'node:child_process';
import {
  hostPeerUpdateSchema,
  parseHostPeerUpdate,
  toIpNet,
  wgKeyFromBase64,
  type HostPeerUpdate,
  type PeerMap,
} from '@meshdeck/contracts';
import { inboundGroups } from '../../../packages/agent/src/inbound-filter.ts';
import { Firewall } from '../../../packages/agent/src/firewall.ts';
import { MeshRouting } from '../../../packages/agent/src/mesh-routing.ts';
import { applyPeerUpdate, type PeerTable } from '../../../packages/agent/src/peer-state.ts';

const PEERS = Number(process.env.BENCH_FILTER_PEERS ?? 10_000);
const RUNS = 7;
const IFACE = 'meshdeck0';
const INSIDE = 'MESHDECK_BENCH_IN_NETNS';
const TARGET = '<= 200 ms';
const ROW = `agent applying a policy update with ${PEERS.toLocaleString('en')} peers (nft ruleset)`;

function header(): void {
  console.log(
    `\nAgent packet filter (issue 32): ${PEERS} peers, one update narrowing all of them, ${RUNS} runs`,
  );
  console.log('| figure | median | target |');
  console.log('|---|---|---|');
}

if (process.env[INSIDE] !== '1') {
  // Re-run this script as root in a network namespace of its own, so `nft -f` touches nothing of the machine.
  const skip =
    process.getuid?.() !== 0
      ? 'needs root'
      : spawnSync('sh', ['-c', 'command -v nft && command -v unshare'], { stdio: 'ignore' }).status !== 0
        ? 'needs nft and unshare'
        : undefined;
  if (skip) {
    header();
    console.log(`| ${ROW} | skipped: ${skip} | ${TARGET} |`);
    process.exit(0);
  }
  const child = spawnSync(
    'unshare',
    ['--net', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, [INSIDE]: '1' },
    },
  );
  process.exit(child.status ?? 1);
}

const key = (i: number) => {
  const bytes = Buffer.alloc(32);
  bytes.writeUInt32BE(i + 1, 0);
  return bytes.toString('base64');
};
const address4 = (i: number) => `10.${100 + Math.floor(i / 65_536)}.${Math.floor(i / 256) % 256}.${i % 256}`;

/**
 * The peer update a policy change sends: every peer again (a whole list, the worst case), each with the rules it
 * may open toward this host. Three policies cover the peers in turn; `shift` moves peers between them.
 */
function policyUpdate(shift: number): string {
  const lists = [['tcp/443'], ['tcp/22', 'udp/5000-5100'], ['icmp', 'tcp/8080']];
  const peers = [];
  const ids: PeerMap = {};
  for (let i = 0; i < PEERS; i++) {
    const publicKey = key(i);
    peers.push({
      PublicKey: wgKeyFromBase64(publicKey) ?? [],
      Remove: false,
      UpdateOnly: false,
      PresharedKey: null,
      Endpoint: { IP: `198.51.${Math.floor(i / 256) % 256}.${i % 256}`, Port: 51821, Zone: '' },
      PersistentKeepaliveInterval: 20e9,
      ReplaceAllowedIPs: true,
      AllowedIPs: [toIpNet(address4(i), 32), toIpNet(`fd10::${i.toString(16)}`, 128)],
    });
    ids[publicKey] = {
      id: `node-${i}`,
      host_id: `host-${i}`,
      address: address4(i),
      address4: address4(i),
      address6: `fd10::${i.toString(16)}`,
      name: `host-${i}`,
      isserver: 'no',
      network: 'bench',
      listen_port: 51821,
      is_extclient: false,
      username: '',
      allowed_inbound: lists[(i + shift) % lists.length]!,
    };
  }
  const update: HostPeerUpdate = {
    host: null,
    nodes: [],
    server: 'bench',
    serverversion: 'bench',
    host_peers: peers,
    peerids: ids,
    replace_peers: true,
    change_default_gw: false,
    is_inet_gw: false,
    endpoint_detection: false,
  };
  return JSON.stringify(update);
}

const routing = new MeshRouting({
  iface: IFACE,
  onChange: () => undefined,
  log: () => undefined,
  internetFailMode: 'open',
  serverAddresses: () => ['127.0.0.1'],
  respond: false,
  attached: () => [],
});
const firewall = new Firewall(IFACE, (message) => console.error(message));
if (firewall.kind !== 'nftables') throw new Error(`nft does not answer in the namespace (${firewall.kind})`);
let table: PeerTable = new Map();

/** How the message is checked: the agent's hand-checked parse, or the whole zod schema (as before, for comparison). */
type Parser = (body: unknown) => HostPeerUpdate;
const agentParse: Parser = (body) => {
  const parsed = parseHostPeerUpdate(body);
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
};
const zodParse: Parser = (body) => hostPeerUpdateSchema.parse(body);

/** What the agent does with a peer update, up to its packet filter: timings of each step in ms. */
async function apply(
  text: string,
  parse: Parser = agentParse,
): Promise<{ parse: number; render: number; nft: number; total: number }> {
  const start = performance.now();
  const update = parse(JSON.parse(text));
  table = applyPeerUpdate(table, update.host_peers, update.replace_peers);
  routing.update(update, update.peerids, update.replace_peers);
  const parsed = performance.now();
  const inbound = inboundGroups(routing.peerIds);
  const grouped = performance.now();
  await firewall.apply({ iface: IFACE, peers: [], natRanges: [], internetSources: [], inbound });
  const done = performance.now();
  return { parse: parsed - start, render: grouped - parsed, nft: done - grouped, total: done - start };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!.toFixed(0);
};

const messages = [0, 1, 2].map(policyUpdate);
await apply(messages[0]!, zodParse);
await apply(messages[1]!);
if (table.size !== PEERS) throw new Error(`expected ${PEERS} peers in the table, got ${table.size}`);
// The agent's parse and the whole zod schema alternate, so both see the same machine load.
const runs = [];
const zodRuns = [];
for (let i = 1; i <= RUNS; i++) {
  zodRuns.push(await apply(messages[(2 * i) % messages.length]!, zodParse));
  runs.push(await apply(messages[(2 * i + 1) % messages.length]!));
}
const listed = spawnSync('nft', ['list', 'table', 'inet', 'meshdeck'], { encoding: 'utf8' }).stdout;
const elements = (listed.match(/\d+\.\d+\.\d+\.\d+/g) ?? []).length;
if (elements < PEERS) throw new Error(`the applied table holds ${elements} IPv4 elements, expected ${PEERS}`);
routing.stop();

header();
console.log(`| ${ROW} | ${median(runs.map((r) => r.total))} ms | ${TARGET} |`);
console.log(
  `| of which: parse and validate the message, merge peers | ${median(runs.map((r) => r.parse))} ms | |`,
);
console.log(`| of which: group peers into filter sets | ${median(runs.map((r) => r.render))} ms | |`);
console.log(`| of which: render the table and \`nft -f\` | ${median(runs.map((r) => r.nft))} ms | |`);
console.log(
  `| the same with the whole zod schema (before; alternating runs): total / parse | ${median(zodRuns.map((r) => r.total))} ms / ${median(zodRuns.map((r) => r.parse))} ms | |`,
);
