import {
  networkDisplayName,
  proSettingsSchema,
  toNetworkWire,
  type Network,
  type NetworkStatsItem,
  type NetworkWire,
  type ProSettings,
} from '@meshdeck/contracts';
import type { NetworkRow } from './networks.repository.ts';

function parseProSettings(text: string | null): ProSettings | null {
  if (text === null) return null;
  try {
    const parsed = proSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A stored network as the console's clean type; the wire form is derived from it by the contracts mapper. */
export function toCleanNetwork(row: NetworkRow): Network {
  return {
    netId: row.netid,
    displayName: networkDisplayName(row.netid),
    addressRange: row.address_range,
    addressRange6: row.address_range6,
    // A family is on exactly when its range is set; creation enforces it and ranges never change.
    isIpv4: row.address_range !== '',
    isIpv6: row.address_range6 !== '',
    defaultAcl: row.default_acl === 1,
    defaultUdpHolePunch: row.default_udp_hole_punch === 1,
    allowManualSignup: row.allow_manual_signup === 1,
    defaultKeepalive: row.default_keepalive,
    defaultMtu: row.default_mtu,
    defaultListenPort: row.default_listen_port,
    defaultDns: row.default_dns,
    defaultExtClientDns: row.default_ext_client_dns,
    nodesLastModified: row.nodes_last_modified,
    networkLastModified: row.network_last_modified,
    proSettings: parseProSettings(row.pro_settings),
    internetFailMode: row.internet_fail_mode === 'open' ? 'open' : 'closed',
  };
}

/** A stored network in the v0.30 wire form (api-contract §3.1). */
export const presentNetwork = (row: NetworkRow): NetworkWire => toNetworkWire(toCleanNetwork(row));

/** One stats item, readable by the v0.30 dashboard (`hosts`) and by v1.5 clients (`Network`, `Hosts`). */
export function presentNetworkStats(row: NetworkRow, hosts: number): NetworkStatsItem {
  const network = presentNetwork(row);
  return { ...network, hosts, Network: network, Hosts: hosts };
}
