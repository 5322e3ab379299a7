import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/** A fresh x25519 public key in base64, as an agent would send. */
function wgPublicKey(): string {
  const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
  return Buffer.from(jwk.x ?? '', 'base64url').toString('base64');
}

/** A network and hosts that join it through an enrollment key, as agents do (the devices spec covers the UI). */
export async function arrangeNetwork(
  request: APIRequestContext,
  token: string,
  netid: string,
  hosts: string[],
  deny = false,
) {
  const headers = { Authorization: `Bearer ${token}` };
  const third = 100 + (Date.now() % 100);
  const network = await request.post('/api/networks', {
    headers,
    data: {
      netid,
      addressrange: `100.${deny ? 99 : 98}.${third}.0/24`,
      ...(deny ? { defaultacl: 'no' } : {}),
    },
  });
  expect(network.ok(), await network.text()).toBe(true);
  if (hosts.length === 0) return;
  const key = await request.post('/api/v1/enrollment-keys', {
    headers,
    data: {
      tags: [`${netid}-key`],
      networks: [netid],
      unlimited: true,
      uses_remaining: 0,
      expiration: 0,
      type: 0,
    },
  });
  expect(key.ok(), await key.text()).toBe(true);
  await registerHosts(request, ((await key.json()) as { token: string }).token, hosts);
}

/** Hosts that register with an enrollment key's join token, as agents do. */
export async function registerHosts(request: APIRequestContext, joinToken: string, hosts: string[]) {
  for (const [i, name] of hosts.entries()) {
    const registered = await request.post(`/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
      data: {
        id: randomUUID(),
        name,
        hostpass: randomBytes(16).toString('hex'),
        version: 'v0.30.0',
        os: 'linux',
        publickey: wgPublicKey(),
        traffickeypublic: randomBytes(32).toString('base64'),
        listenport: 51821 + i,
        endpointip: `203.0.113.${10 + i}`,
        interfaces: [],
        firewallinuse: 'none',
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
  }
}

/** The node id of each host in the network, from the API. */
export async function nodeIds(
  request: APIRequestContext,
  token: string,
  netid: string,
): Promise<Record<string, string>> {
  const response = await request.get(`/api/console/nodes/${netid}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { items: { id: string; name: string }[] };
  return Object.fromEntries(body.items.map((item) => [item.name, item.id]));
}
