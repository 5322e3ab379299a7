import { randomBytes } from 'node:crypto';
import { createKey, hostBody, registerHost } from './device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from './factories.ts';
import type { TestServer } from './harness.ts';

/** A host to register: its name and registration-body overrides (os, firewallinuse, endpointip ...). */
export type HostSpec = [name: string, overrides?: Record<string, unknown>];

/**
 * A network `netid` (IPv4 and IPv6) with the given hosts joined through a fresh key; returns the admin token and,
 * per host name, its host id, token and node id in `netid`.
 */
export async function routingNetwork(
  server: TestServer,
  hosts: HostSpec[],
  options: { netid?: string; token?: string; range?: string; range6?: string } = {},
) {
  const netid = options.netid ?? 'office';
  const admin = options.token ?? (await createSuperAdminAndLogin(server));
  await createNetwork(server, admin, netid, {
    addressrange: options.range ?? '10.20.0.0/24',
    addressrange6: options.range6 ?? 'fd20::/64',
  });
  const key = await createKey(server, admin, {
    tags: [`routing-${randomBytes(3).toString('hex')}`],
    networks: [netid],
  });
  const byName: Record<
    string,
    {
      hostId: string;
      hostToken: string;
      node: string;
      address: string;
      publickey: string;
      traffickey: string;
    }
  > = {};
  for (const [name, overrides] of hosts) {
    const host = hostBody(name, overrides);
    const registered = await registerHost(server, key.token, host);
    const node = (registered.nodes as { id: string; network: string; address: { IP: string } }[]).find(
      (n) => n.network === netid,
    );
    byName[name] = {
      hostId: host.id,
      hostToken: registered.auth_token as string,
      node: node?.id ?? '',
      address: node?.address.IP ?? '',
      publickey: host.publickey,
      traffickey: String(host.body.traffickeypublic),
    };
  }
  return { token: admin, netid, hosts: byName };
}

/** GET /api/nodes/{netid} as a map of node id -> ApiNode. */
export async function nodesById(
  server: TestServer,
  token: string,
  netid: string,
): Promise<Record<string, any>> {
  const response = await server.request<any[]>('GET', `/api/nodes/${netid}`, { token });
  return Object.fromEntries(response.body.map((node) => [node.id, node]));
}
