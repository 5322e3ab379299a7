import { EMPTY_EXT_CLIENT, type ApiHost, type ApiNode, type NodeListItem } from '@meshdeck/contracts';

/** A wire ApiHost with plausible values; override what the test is about. */
export function makeApiHost(overrides: Partial<ApiHost> = {}): ApiHost {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'host-1',
    version: 'v0.30.0',
    os: 'linux',
    os_family: 'debian',
    os_version: '',
    kernel_version: '6.8',
    verbosity: 0,
    firewallinuse: 'none',
    debug: false,
    isstatic: false,
    isstaticport: false,
    listenport: 51821,
    wg_public_listen_port: 51821,
    mtu: 1420,
    interfaces: [],
    defaultinterface: '',
    endpointip: '203.0.113.1',
    endpointipv6: '',
    publickey: 'cHVibGljLWtleS1vZi1ob3N0LTEtLS0tLS0tLS0tLS0=',
    macaddress: 'aa:bb:cc:dd:ee:01',
    nodes: [],
    isdefault: false,
    nat_type: 'public',
    persistentkeepalive: 20,
    autoupdate: false,
    dns: 'no',
    enable_flow_logs: false,
    location: '',
    country_code: '',
    ...overrides,
  };
}

/** A wire ApiNode of `network` for `hostid`; online and connected unless overridden. */
export function makeApiNode(overrides: Partial<ApiNode> = {}): ApiNode {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    hostid: '11111111-1111-4111-8111-111111111111',
    address: '10.0.0.1/24',
    address6: '',
    localaddress: '',
    allowedips: null,
    lastmodified: 1_700_000_000,
    expdatetime: 0,
    lastcheckin: Math.floor(Date.now() / 1000) - 30,
    lastpeerupdate: 0,
    network: 'net1',
    networkrange: '10.0.0.0/24',
    networkrange6: '',
    server: 'meshdeck',
    isrelayed: false,
    isrelay: false,
    relayedby: '',
    relaynodes: [],
    isegressgateway: false,
    isingressgateway: false,
    egressgatewayranges: [],
    egressgatewaynatenabled: false,
    ingressdns: '',
    ingresspersistentkeepalive: 20,
    ingressmtu: 1420,
    dnson: false,
    connected: true,
    pendingdelete: false,
    metadata: '',
    is_fail_over: false,
    fail_over_peers: {},
    failed_over_by: '',
    isinternetgateway: false,
    inet_node_req: { inet_node_client_ids: [] },
    internetgw_node_id: '',
    additional_rag_ips: [],
    tags: {},
    is_static: false,
    is_user_node: false,
    static_node: EMPTY_EXT_CLIENT,
    status: 'online',
    ...overrides,
  };
}

/** A UUID-shaped id from a number, so generated fixtures stay distinct and readable. */
export const fakeId = (prefix: number, n: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A lean node row as GET console/nodes/{network} returns it, in network net1; index makes its ids and addresses. */
export const makeNodeItem = (
  index: number,
  name: string,
  overrides: Partial<NodeListItem> = {},
): NodeListItem => ({
  id: fakeId(2, index),
  hostId: fakeId(1, index),
  network: 'net1',
  name,
  address: `10.0.0.${index}/24`,
  address6: '',
  endpoint: `198.51.100.${index}`,
  publicKey: `key-${index}`,
  status: 'online',
  lastCheckIn: 1_700_000_000,
  isConnected: true,
  flags: [],
  tags: [],
  ...overrides,
});

/** One page of a node list answer holding all of `items`. */
export const nodeListPage = (items: NodeListItem[]) => ({ total: items.length, offset: 0, items });
