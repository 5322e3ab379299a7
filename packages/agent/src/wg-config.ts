import { ipNetToCidr, type RawNode } from '@meshdeck/contracts';
import type { Peer, PeerTable } from './peer-state.ts';

export interface InterfaceConfig {
  privateKey: string;
  listenPort: number;
  peers: PeerTable;
}

/** Renders the `wg setconf` / `wg syncconf` form (no Address lines: those are wg-quick only). */
export function renderWgConfig(config: InterfaceConfig): string {
  const lines = ['[Interface]', `PrivateKey = ${config.privateKey}`, `ListenPort = ${config.listenPort}`];
  const peers = [...config.peers.values()].sort((a, b) => a.publicKey.localeCompare(b.publicKey));
  for (const peer of peers) lines.push('', ...renderPeer(peer));
  return `${lines.join('\n')}\n`;
}

function renderPeer(peer: Peer): string[] {
  const lines = ['[Peer]', `PublicKey = ${peer.publicKey}`];
  // A failover probe peer has none (it only shakes hands): no AllowedIPs line then.
  if (peer.allowedIps.length > 0) lines.push(`AllowedIPs = ${peer.allowedIps.join(', ')}`);
  if (peer.endpoint) lines.push(`Endpoint = ${peer.endpoint}`);
  if (peer.keepaliveSeconds) lines.push(`PersistentKeepalive = ${peer.keepaliveSeconds}`);
  return lines;
}

/** The interface addresses of a host's nodes, with their network prefixes (`10.0.0.5/24`); skips pending deletes. */
export function interfaceAddresses(nodes: readonly RawNode[]): string[] {
  return nodes
    .filter((node) => !node.pendingdelete && node.action !== 'delete' && node.connected)
    .flatMap((node) => [ipNetToCidr(node.address), ipNetToCidr(node.address6)])
    .filter((cidr): cidr is string => cidr !== undefined);
}
