import { describe, expect, it } from 'vitest';
import type { HostRow } from '../hosts/hosts.repository.ts';
import { DEFAULT_NODE_SETTINGS } from '../nodes/node-fields.ts';
import type { NodeRow } from '../nodes/nodes.repository.ts';
import { buildClientConfig } from './client-config.ts';
import type { ExtClientRow } from './ext-clients.repository.ts';
import { gatewayContext } from './gateway-context.ts';

const host = {
  public_key: 'GW=',
  endpoint_ip: '',
  endpoint_ip6: '2001:db8::1',
  listen_port: 51821,
  public_listen_port: 40000,
  is_static_port: 0,
  mtu: 1380,
} as HostRow;
const node = (settings: object) =>
  ({
    id: 'gw',
    network: 'net',
    settings: JSON.stringify({ ...DEFAULT_NODE_SETTINGS, isingressgateway: true, ...settings }),
  }) as NodeRow;
const egress = {
  id: 'eg',
  network: 'net',
  settings: JSON.stringify({
    ...DEFAULT_NODE_SETTINGS,
    isegressgateway: true,
    egressgatewayranges: ['192.168.1.0/24'],
  }),
} as NodeRow;
const client = {
  address: '10.0.0.254',
  address6: 'fd00::fffe',
  private_key: 'PK=',
  dns: '',
  post_up: 'up',
  post_down: 'down',
} as ExtClientRow;
const network = { netid: 'net', addressrange: '10.0.0.0/24', addressrange6: 'fd00::/64' };

describe('buildClientConfig (api-contract §5.6)', () => {
  it('when the gateway has only IPv6 and a NAT port, dials [v6]:public port, routes the mesh and egress ranges, uses the host MTU', () => {
    const text = buildClientConfig(client, gatewayContext(node({}), host, network, [egress]), {
      withScripts: true,
    });
    expect(text).toBe(
      '[Interface]\nAddress = 10.0.0.254/32,fd00::fffe/128\nPrivateKey = PK=\nMTU = 1380\nPostUp = up\nPostDown = down\n\n' +
        '[Peer]\nPublicKey = GW=\nAllowedIPs = 10.0.0.0/24,fd00::/64,192.168.1.0/24\nEndpoint = [2001:db8::1]:40000\nPersistentKeepalive = 20\n',
    );
  });

  it('when the gateway is an internet gateway, routes everything; the QR variant drops the scripts; the gateway DNS fills in', () => {
    const text = buildClientConfig(
      client,
      gatewayContext(
        node({ isinternetgateway: true, ingressdns: '1.1.1.1', ingressmtu: 1420 }),
        host,
        network,
        [],
      ),
      { withScripts: false },
    );
    expect(text).toContain('AllowedIPs = 0.0.0.0/0,::/0');
    expect(text).toContain('DNS = 1.1.1.1');
    expect(text).toContain('MTU = 1420');
    expect(text).not.toContain('PostUp');
  });
});
