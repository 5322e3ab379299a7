/** Agents as a test plays them: hosts joined over the API, metrics reports sealed and published over MQTT. */
import { createCipheriv, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  PAYLOAD_CIPHER,
  PAYLOAD_NONCE_BYTES,
  metricsTopic,
  payloadKeyFromTrafficKey,
  type MetricsReport,
  type RegisterResponse,
} from '@meshdeck/contracts';
import { expect, type APIRequestContext } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';

/** A host joined as an agent joins, with what it needs to report metrics: its broker account and traffic key. */
export interface Agent {
  network: string;
  name: string;
  nodeId: string;
  trafficKey: string;
  config: RegisterResponse['server_config'];
  client?: MqttClient;
}

/** Makes network `net` (range `range`) and an enrollment key for it, and joins `names` as hosts. */
export async function joinHosts(
  request: APIRequestContext,
  token: string,
  net: string,
  range: string,
  names: string[],
): Promise<Agent[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const network = await request.post('/api/networks', {
    headers,
    data: { netid: net, addressrange: range },
  });
  expect(network.ok(), await network.text()).toBe(true);
  const key = await request.post('/api/v1/enrollment-keys', {
    headers,
    data: {
      tags: [`key-${net}`],
      networks: [net],
      unlimited: true,
      uses_remaining: 0,
      expiration: 0,
      type: 0,
    },
  });
  expect(key.ok(), await key.text()).toBe(true);
  const joinToken = ((await key.json()) as { token: string }).token;
  const agents: Agent[] = [];
  for (const [i, name] of names.entries()) {
    const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
    const trafficKey = randomBytes(32).toString('base64');
    const registered = await request.post(`/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
      data: {
        id: randomUUID(),
        name,
        hostpass: randomBytes(16).toString('hex'),
        version: 'v0.30.0',
        os: 'linux',
        publickey: Buffer.from(jwk.x ?? '', 'base64url').toString('base64'),
        traffickeypublic: trafficKey,
        listenport: 51821 + i,
        endpointip: `203.0.113.${40 + i}`,
        interfaces: [],
        firewallinuse: 'none',
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const body = (await registered.json()) as RegisterResponse;
    agents.push({ network: net, name, nodeId: body.nodes[0]!.id, trafficKey, config: body.server_config });
  }
  return agents;
}

/** Publishes a node's metrics as its agent does: sealed with the host's traffic key, on the node's topic. */
export async function report(agent: Agent, peers: MetricsReport['peers']) {
  agent.client ??= await mqtt.connectAsync(agent.config.Broker, {
    username: agent.config.MQUserName,
    password: agent.config.MQPassword,
    reconnectPeriod: 0,
  });
  const body: MetricsReport = {
    node_id: agent.nodeId,
    network: agent.network,
    collected_at: Date.now(),
    agent_uptime_s: 60,
    peers,
  };
  const nonce = randomBytes(PAYLOAD_NONCE_BYTES);
  const cipher = createCipheriv(PAYLOAD_CIPHER, payloadKeyFromTrafficKey(agent.trafficKey)!, nonce);
  const sealed = Buffer.concat([
    nonce,
    cipher.update(gzipSync(JSON.stringify(body))),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  await agent.client.publishAsync(metricsTopic(agent.config.Server, agent.nodeId), sealed, { qos: 1 });
}

/** One peer as an agent measures it: reachable with a latency, or unreachable with no answer. */
export const peer = (to: Agent, reachable: boolean, latency = 12): MetricsReport['peers'][number] => ({
  peer: to.nodeId,
  reachable,
  ...(reachable ? { latency_ms: latency } : { reason: 'no_answer' as const }),
  rx_bytes: 1000,
  tx_bytes: 1000,
  path: reachable ? 'direct' : 'none',
});
