import { randomBytes } from 'node:crypto';
import { mqttTopics, type PeerConfig } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey } from '../../../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../apps/server/test/factories.ts';
import { startTestServer, type TestServer } from '../../../apps/server/test/harness.ts';
import { Agent } from '../src/agent-loop.ts';
import { generateHostPassword, generateWireGuardKeys } from '../src/keys.ts';
import type { Peer } from '../src/peer-state.ts';
import { ServerApi } from '../src/server-api.ts';
import type { MeshInterface } from '../src/wireguard.ts';

/** A mesh interface that only remembers what it was told: the agents here run the real loop without WireGuard. */
const noInterface: MeshInterface = { apply: () => Promise.resolve(), down: () => Promise.resolve() };

interface Joined {
  agent: Agent;
  hostId: string;
  publicKey: string;
  address: string;
  listenPort: number;
  logs: string[];
}

/** Registers like `meshdeck-agent join` does, then starts the real agent loop (pull, broker, check-in). */
async function join(server: TestServer, joinToken: string, name: string): Promise<Joined> {
  const keys = generateWireGuardKeys();
  const hostId = crypto.randomUUID();
  const hostPassword = generateHostPassword();
  const trafficKey = randomBytes(32).toString('base64');
  const registered = await ServerApi.register(server.url, joinToken, {
    id: hostId,
    name,
    hostpass: hostPassword,
    version: 'v0.30.0',
    os: 'linux',
    publickey: keys.publicKey,
    traffickeypublic: trafficKey,
    listenport: 51821,
    endpointip: '127.0.0.1',
    firewallinuse: 'none',
  });
  const api = new ServerApi(server.url, hostId, hostPassword);
  api.useToken(registered.auth_token);
  const logs: string[] = [];
  const state = {
    server: server.url,
    hostId,
    hostPassword,
    privateKey: keys.privateKey,
    publicKey: keys.publicKey,
    trafficKey,
    interfaceName: 'meshdeck',
    listenPort: registered.requested_host.listenport,
    name,
  };
  // Long timers: only the broker's peer updates (and the pulls they ask for) may bring the agent up to date.
  const agent = new Agent(state, api, noInterface, {
    checkInSeconds: 3600,
    pullSeconds: 3600,
    log: (m) => logs.push(m),
    onDeleted: () => undefined,
    joinCommand: 'meshdeck-agent join',
  });
  await agent.start();
  const address = registered.nodes[0]?.address.IP ?? '';
  return {
    agent,
    hostId,
    publicKey: keys.publicKey,
    address,
    listenPort: registered.requested_host.listenport,
    logs,
  };
}

/** The peers `self` should have: every other joined host (all on 127.0.0.1, one LAN: endpoints use the listen port). */
function expectedPeers(fleet: Joined[], self: Joined): Map<string, Peer> {
  return new Map(
    fleet
      .filter((h) => h !== self)
      .map((h) => [
        h.publicKey,
        {
          publicKey: h.publicKey,
          endpoint: `127.0.0.1:${h.listenPort}`,
          allowedIps: [`${h.address}/32`],
          keepaliveSeconds: 20,
        },
      ]),
  );
}

const isCorrect = (fleet: Joined[], self: Joined) =>
  JSON.stringify([...self.agent.peers].sort()) === JSON.stringify([...expectedPeers(fleet, self)].sort());

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let server: TestServer;
let token: string;
let fleet: Joined[];
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'fleet', { addressrange: '10.40.0.0/22' });
  fleet = [];
});
afterEach(async () => {
  await Promise.all(fleet.map((h) => h.agent.stop()));
  await server.close();
}, 120_000);

describe('peer updates as versioned deltas, applied by the agent', () => {
  it('-> when a delta arrives on top of a missed one, the agent pulls in full and ends correct', async () => {
    const key = await createKey(server, token, { tags: ['gap'], networks: ['fleet'] });
    for (const name of ['a', 'b', 'c']) fleet.push(await join(server, key.token, name));
    await waitUntil(() => fleet.every((h) => isCorrect(fleet, h)), 30_000);
    const [a] = fleet as [Joined];
    const epoch = server.app.meshdeck.peerVersions.epoch;
    const at = server.app.meshdeck.peerVersions.current(a.hostId).version;
    const bogus: PeerConfig = {
      PublicKey: [...Buffer.alloc(32, 7)],
      Remove: false,
      UpdateOnly: false,
      PresharedKey: null,
      Endpoint: null,
      PersistentKeepaliveInterval: null,
      ReplaceAllowedIPs: true,
      AllowedIPs: [{ IP: '10.40.3.250', Mask: '/////w==' }],
    };
    // Version at+1 never reached the agent: this delta builds on it, so applying it would be wrong.
    const delta = {
      peer_sync: { epoch, version: at + 2, base: at + 1 },
      host: null,
      nodes: [],
      server: 'meshdeck',
      serverversion: 'v0.30.0',
      host_peers: [bogus],
      peerids: {},
      replace_peers: false,
      change_default_gw: false,
      is_inet_gw: false,
      endpoint_detection: false,
    };
    await server.app.meshdeck.broker.publishToHost(
      a.hostId,
      mqttTopics.peerUpdate(a.hostId, 'meshdeck'),
      JSON.stringify(delta),
      { qos: 0 },
    );
    await waitUntil(() => a.logs.some((m) => m.includes('pulling in full')), 10_000);
    await waitUntil(() => isCorrect(fleet, a), 10_000);
    expect(a.agent.peers.has(Buffer.alloc(32, 7).toString('base64'))).toBe(false);
  }, 60_000);

  it('-> when 500 hosts join in a burst (64 at a time), every agent ends with a correct, complete peer set', async () => {
    const key = await createKey(server, token, { tags: ['burst'], networks: ['fleet'] });
    let next = 0;
    const lane = async () => {
      while (next < 500) fleet.push(await join(server, key.token, `burst-${next++}`));
    };
    await Promise.all(Array.from({ length: 64 }, lane));
    // Sizes first (cheap to poll), then the full comparison once the queue has gone quiet.
    await waitUntil(
      () => fleet.every((h) => h.agent.peers.size === 499) && server.app.meshdeck.peerQueue.depth === 0,
      120_000,
    );
    await server.app.meshdeck.peerQueue.flush();
    await waitUntil(() => fleet.every((h) => isCorrect(fleet, h)), 30_000);
    expect(fleet.filter((h) => !isCorrect(fleet, h))).toEqual([]);
  }, 300_000);
});
