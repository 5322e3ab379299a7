import type { RoutingStatus } from './mesh-routing.ts';

/** What the server told the agent about one peer (HostPull.peer_ids), for naming it. */
export interface PeerName {
  name: string;
  network: string;
  address: string;
}

/** One network of this host: name and its address there. */
export interface HostNetwork {
  network: string;
  address: string;
}

const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
/** Bytes the way `wg show` prints them: 1.50 KiB, 12.00 MiB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(2)} ${units[unit]}`;
}

/** "1 minute, 5 seconds ago", or "never" for a peer that never completed a handshake. */
export function formatHandshake(epochSeconds: number, nowSeconds: number): string {
  if (epochSeconds === 0) return 'never';
  let left = Math.max(0, nowSeconds - epochSeconds);
  const parts: string[] = [];
  for (const [size, name] of [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ] as const) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
  }
  return `${parts.join(', ') || '0 seconds'} ago`;
}

/**
 * Renders `wg show <interface> dump` like `wg show` does, with each peer named from the server's view and this
 * host's networks on top. Peers the server did not name (or when it was unreachable) show their key only.
 */
export function renderStatus(input: {
  interfaceName: string;
  hostName: string;
  dump: string;
  networks: HostNetwork[];
  names: ReadonlyMap<string, PeerName>;
  nowSeconds: number;
  note?: string;
}): string {
  const [head = '', ...peerLines] = input.dump.trim().split('\n');
  const [, publicKey = '', listenPort = ''] = head.split('\t');
  const lines = [
    `interface: ${input.interfaceName} (host ${input.hostName})`,
    `  public key: ${publicKey}`,
    `  listening port: ${listenPort}`,
  ];
  for (const n of input.networks) lines.push(`  network: ${n.network} ${n.address}`);
  if (input.note) lines.push(`  note: ${input.note}`);
  const peers = peerLines
    .map((line) => line.split('\t'))
    .filter((f) => f.length >= 8)
    .map(
      ([
        key = '',
        ,
        endpoint = '',
        allowed = '',
        handshake = '0',
        rx = '0',
        tx = '0',
        keepalive = 'off',
      ]) => ({
        key,
        endpoint,
        allowed,
        handshake: Number(handshake),
        rx: Number(rx),
        tx: Number(tx),
        keepalive,
      }),
    )
    .sort((a, b) => b.handshake - a.handshake);
  for (const peer of peers) {
    const named = input.names.get(peer.key);
    lines.push('', named ? `peer: ${named.name} (${named.network} ${named.address})` : `peer: ${peer.key}`);
    if (named) lines.push(`  key: ${peer.key}`);
    if (peer.endpoint !== '(none)') lines.push(`  endpoint: ${peer.endpoint}`);
    lines.push(`  allowed ips: ${peer.allowed === '(none)' ? '(none)' : peer.allowed.split(',').join(', ')}`);
    lines.push(`  latest handshake: ${formatHandshake(peer.handshake, input.nowSeconds)}`);
    if (peer.rx > 0 || peer.tx > 0)
      lines.push(`  transfer: ${formatBytes(peer.rx)} received, ${formatBytes(peer.tx)} sent`);
    if (peer.keepalive !== 'off') lines.push(`  persistent keepalive: every ${peer.keepalive} seconds`);
  }
  return `${lines.join('\n')}\n`;
}

/** The routing part of `status`: roles, firewall tool, the active router per range and why, own-LAN routes left out. */
export function renderRoutingStatus(status: RoutingStatus): string {
  const lines = ['', `routing (as of ${status.at}):`];
  if (status.roles.length > 0) lines.push(`  roles: ${status.roles.join(', ')}`);
  lines.push(`  firewall: ${status.firewall.tool}`);
  if (status.firewall.missing) lines.push(`  missing: ${status.firewall.missing}`);
  for (const r of status.ranges)
    lines.push(
      `  range ${r.range}: router ${r.router} via ${r.via}${r.routers > 1 ? ` (1 of ${r.routers})` : ''}: ${r.reason}`,
    );
  for (const s of status.shadowed)
    lines.push(`  range ${s.range}: not routed through the mesh, this host is on it directly (${s.lan})`);
  if (status.internet)
    lines.push(
      `  internet gateway ${status.internet.gateway}: ${status.internet.state} (fail-${status.internet.failMode})`,
    );
  return `${lines.join('\n')}\n`;
}
