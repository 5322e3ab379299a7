import { registerFleet } from './device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from './factories.ts';
import type { TestServer } from './harness.ts';

/** A network `netid` with two Linux hosts, the first made a remote-access gateway; returns ids and the admin token. */
export async function gatewayNetwork(server: TestServer, netid = 'office', range = '10.10.0.0/24') {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, netid, { addressrange: range });
  const [gatewayHost, meshHost] = await registerFleet(server, token, [netid], ['gateway', 'mesh']);
  const gatewayNode = gatewayHost!.nodes[0]!.id;
  const response = await server.request('POST', `/api/nodes/${netid}/${gatewayNode}/createingress`, {
    token,
    body: { extclientdns: '', mtu: 1420, persistentkeepalive: 20, metadata: 'office gateway' },
  });
  if (response.status !== 200) throw new Error(`createingress failed: ${JSON.stringify(response.body)}`);
  return {
    token,
    gatewayHost: gatewayHost!,
    meshHost: meshHost!,
    gatewayNode,
    meshNode: meshHost!.nodes[0]!.id,
  };
}

/** Creates a client through the API and returns the response. */
export const createClient = (
  server: TestServer,
  token: string,
  netid: string,
  gatewayNode: string,
  body: Record<string, unknown> = {},
) => server.request<any>('POST', `/api/extclients/${netid}/${gatewayNode}`, { token, body });
