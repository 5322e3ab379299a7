import { toIpNet, wgKeyFromBase64, type IpNet, type PeerConfig, type PeerMap } from '@meshdeck/contracts';

/** An enabled external client as peer computation sees it (api-contract §5.8 steps 3-4, ingress part). */
export interface ClientPeerRow {
  client_id: string;
  gateway_node_id: string;
  network: string;
  address: string | null;
  address6: string | null;
  public_key: string;
  /** JSON array of CIDRs routed to the client. */
  extra_allowed_ips: string;
}

const cidrNet = (cidr: string): IpNet | undefined => {
  const [ip, prefix] = cidr.split('/');
  return ip && prefix ? toIpNet(ip, Number(prefix)) : undefined;
};

function extraOf(row: ClientPeerRow): string[] {
  try {
    const value: unknown = JSON.parse(row.extra_allowed_ips);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** The ranges that belong to a client: its /32 and /128 plus its extra allowed IPs. */
export function clientNets(row: ClientPeerRow): IpNet[] {
  const own = [
    row.address ? toIpNet(row.address, 32) : undefined,
    row.address6 ? toIpNet(row.address6, 128) : undefined,
  ];
  return [...own, ...extraOf(row).map(cidrNet)].filter((net): net is IpNet => net !== undefined);
}

/** Clients indexed by their gateway node. */
export function indexClients(rows: readonly ClientPeerRow[]): Map<string, ClientPeerRow[]> {
  const byGateway = new Map<string, ClientPeerRow[]>();
  for (const row of rows)
    (
      byGateway.get(row.gateway_node_id) ?? byGateway.set(row.gateway_node_id, []).get(row.gateway_node_id)
    )?.push(row);
  return byGateway;
}

/**
 * The gateway's peer entries for its clients (§5.8 step 4): one per enabled client, its own ranges as allowed
 * IPs and no endpoint, since the client dials in and keeps the path open itself.
 */
export function clientPeers(clients: readonly ClientPeerRow[]): { peers: PeerConfig[]; ids: PeerMap } {
  const peers: PeerConfig[] = [];
  const ids: PeerMap = {};
  for (const client of clients) {
    const bytes = wgKeyFromBase64(client.public_key);
    if (!bytes) continue;
    peers.push({
      PublicKey: bytes,
      Remove: false,
      UpdateOnly: false,
      PresharedKey: null,
      Endpoint: null,
      PersistentKeepaliveInterval: null,
      ReplaceAllowedIPs: true,
      AllowedIPs: clientNets(client),
    });
    ids[client.public_key] = {
      id: client.client_id,
      host_id: '',
      address: client.address ?? client.address6 ?? '',
      address4: client.address ?? '',
      address6: client.address6 ?? '',
      name: client.client_id,
      isserver: 'no',
      network: client.network,
      listen_port: 0,
      is_extclient: true,
      username: '',
    };
  }
  return { peers, ids };
}
