import { NANOS_PER_SECOND, macToWire, toIpNet, wgKeyFromBase64, type ApiHost, type HostInterface, type RawHost } from '@meshdeck/contracts';
import { hostInterfaces, hostSettings, osDetails } from './host-fields.ts';
import type { HostRow } from './hosts.repository.ts';

function interfacesOf(row: HostRow): HostInterface[] {
  return hostInterfaces(row).map((i) => {
    const [ip, prefix] = i.addressString.split('/');
    return { name: i.name, address: toIpNet(ip, Number(prefix ?? (ip?.includes(':') ? 128 : 32))), addressString: i.addressString };
  });
}

/** A stored host in the dashboard's ApiHost form. */
export function presentApiHost(row: HostRow, nodeIds: string[]): ApiHost {
  const settings = hostSettings(row);
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    os: row.os,
    ...osDetails(row),
    verbosity: settings.verbosity,
    firewallinuse: settings.firewallinuse,
    debug: settings.debug,
    isstatic: settings.isstatic,
    isstaticport: row.is_static_port === 1,
    listenport: row.listen_port,
    wg_public_listen_port: row.public_listen_port,
    mtu: row.mtu,
    interfaces: interfacesOf(row),
    defaultinterface: settings.defaultinterface,
    endpointip: row.endpoint_ip,
    endpointipv6: row.endpoint_ip6,
    publickey: row.public_key,
    macaddress: row.mac_address,
    nodes: nodeIds,
    isdefault: settings.isdefault,
    nat_type: settings.nat_type,
    persistentkeepalive: row.keepalive_seconds,
    autoupdate: settings.autoupdate,
    dns: settings.dns_status,
    enable_flow_logs: settings.enable_flow_logs,
    location: '',
    country_code: '',
  };
}

/** A stored host in the agents' raw form: key bytes, base64 MAC, keepalive in nanoseconds, no password. */
export function presentRawHost(row: HostRow, nodeIds: string[]): RawHost {
  const settings = hostSettings(row);
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    os: row.os,
    ...osDetails(row),
    verbosity: settings.verbosity,
    firewallinuse: settings.firewallinuse,
    ipforwarding: settings.ipforwarding,
    daemoninstalled: settings.daemoninstalled,
    autoupdate: settings.autoupdate,
    interface: settings.interface,
    debug: settings.debug,
    listenport: row.listen_port,
    wg_public_listen_port: row.public_listen_port,
    mtu: row.mtu,
    publickey: wgKeyFromBase64(row.public_key) ?? [],
    macaddress: macToWire(row.mac_address),
    traffickeypublic: row.traffic_key,
    nodes: nodeIds,
    interfaces: interfacesOf(row),
    defaultinterface: settings.defaultinterface,
    endpointip: row.endpoint_ip,
    endpointipv6: row.endpoint_ip6,
    isstaticport: row.is_static_port === 1,
    isstatic: settings.isstatic,
    isdefault: settings.isdefault,
    dns_status: settings.dns_status,
    nat_type: settings.nat_type,
    persistentkeepalive: row.keepalive_seconds * NANOS_PER_SECOND,
    enable_flow_logs: settings.enable_flow_logs,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
