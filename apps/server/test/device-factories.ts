import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { openPayload, payloadKey } from '../../../packages/agent/src/payload-open.ts';
import type { TestServer } from './harness.ts';

/** A fresh WireGuard-style (x25519) public key in base64. */
export function wgPublicKey(): string {
  const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
  return Buffer.from(jwk.x ?? '', 'base64url').toString('base64');
}

export interface TestHost {
  id: string;
  hostpass: string;
  publickey: string;
  body: Record<string, unknown>;
}

/** A registration body (raw Host) with a new id, password and key; `overrides` replace fields. */
export function hostBody(name: string, overrides: Record<string, unknown> = {}): TestHost {
  const id = randomUUID();
  const hostpass = randomBytes(16).toString('hex');
  const publickey = wgPublicKey();
  const body = {
    id,
    name,
    hostpass,
    version: 'v0.30.0',
    os: 'linux',
    publickey,
    traffickeypublic: randomBytes(32).toString('base64'),
    listenport: 51821,
    endpointip: '203.0.113.10',
    interfaces: [{ name: 'eth0', addressString: '192.168.1.10/24' }],
    firewallinuse: 'none',
    ...overrides,
  };
  return { id, hostpass, publickey, body };
}

/** Creates an enrollment key through the API and returns it (with its token). */
export async function createKey(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
): Promise<{ value: string; token: string } & Record<string, unknown>> {
  const response = await server.request('POST', '/api/v1/enrollment-keys', {
    token,
    body: { unlimited: true, networks: [], ...body },
  });
  if (response.status !== 200) throw new Error(`create key failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Registers a host with a join token; throws unless the server answers 200. */
export async function registerHost(server: TestServer, joinToken: string, host: TestHost): Promise<any> {
  const response = await server.request('POST', `/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
    body: host.body,
  });
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The broker account the server gives this host in its ServerConfig. */
export const brokerLogin = (server: TestServer, host: TestHost) => ({
  username: host.id,
  password: server.app.meshdeck.broker.credentials.passwordOf(host.id),
});

/** A received message in a failure: its topic, and for a peer update whether it is whole and how many peers. */
const describeMessage = (m: { topic: string; payload: any }) =>
  Array.isArray(m.payload?.host_peers)
    ? `${m.topic} (${m.payload.replace_peers ? 'whole list' : 'delta'}, ${m.payload.host_peers.length} peers)`
    : m.topic;

/**
 * Connects to the embedded broker as an agent (its broker account) and records every message per topic, opened
 * with the host's traffic key as the agent does.
 */
export async function connectAgent(server: TestServer, host: TestHost) {
  const client = await mqtt.connectAsync(server.app.meshdeck.broker.publicUrl, {
    ...brokerLogin(server, host),
    reconnectPeriod: 0,
  });
  const key = payloadKey(String(host.body.traffickeypublic));
  const messages: { topic: string; payload: any }[] = [];
  client.on('message', (topic, payload) =>
    messages.push({ topic, payload: JSON.parse(openPayload(key, payload)) }),
  );
  return {
    client,
    messages,
    /**
     * Waits until a message matching `predicate` arrived. A limit on waiting, not a speed assertion: 15 s, since a
     * loaded CI machine took more than 5 s to deliver a coalesced peer update on PostgreSQL.
     */
    async waitFor(predicate: (m: { topic: string; payload: any }) => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(
        `no matching MQTT message within ${timeoutMs} ms; got ${messages.map(describeMessage).join(', ')}`,
      );
    },
  };
}

/** Registers `names` into the networks of a fresh unlimited key; returns each host with its token and nodes. */
export async function registerFleet(server: TestServer, token: string, networks: string[], names: string[]) {
  const key = await createKey(server, token, { tags: [`fleet-${randomBytes(3).toString('hex')}`], networks });
  const fleet = [];
  for (const name of names) {
    const host = hostBody(name);
    const registered = await registerHost(server, key.token, host);
    fleet.push({
      ...host,
      hostToken: registered.auth_token as string,
      nodes: registered.nodes as { id: string; network: string; address: { IP: string } }[],
    });
  }
  return fleet;
}
