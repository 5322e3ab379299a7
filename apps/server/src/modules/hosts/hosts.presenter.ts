import {
  NANOS_PER_SECOND,
  macToWire,
  toIpNet,
  wgKeyFromBase64,
  type ApiHost,
  type HostInterface,
  type RawHost,
} from '@meshdeck/contracts';
import { hostInterfaces, hostSettings, osDetails } from './host-fields.ts';
import type { HostRow } from './hosts.repository.ts';

function interfacesOf(row: HostRow): HostInterface[] {
  return hostInterfaces(row).map((i) => {
    const [ip, prefix] = i.addressString.split('/');
    return {
      name: i.name,
      address: toIpNet(ip, Number(prefix ?? (ip?.includes(':') ? 128 : 32))),
      addressString: i.addressString,
    };
  });
}

/**
 * The fields both host forms carry unchanged. The forms differ only in how keys, MAC, keepalive and a few
 * settings are encoded, which each presenter below adds.
 */
function sharedHostFields(row: HostRow, nodeIds: string[]) {
  const settings = hostSettings(row);
  return {
    settings,
    fields: {
      id: row.id,
      name: row.name,
      version: row.version,
      os: row.os,
      ...osDetails(row),
      verbosity: settings.verbosity,
      firewallinuse: settings.firewallinuse,
      debug: settings.debug,
      autoupdate: settings.autoupdate,
      isstatic: settings.isstatic,
      isstaticport: row.is_static_port === 1,
      isdefault: settings.isdefault,
      listenport: row.listen_port,
      wg_public_listen_port: row.public_listen_port,
      mtu: row.mtu,
      interfaces: interfacesOf(row),
      defaultinterface: settings.defaultinterface,
      endpointip: row.endpoint_ip,
      endpointipv6: row.endpoint_ip6,
      nodes: nodeIds,
      nat_type: settings.nat_type,
      enable_flow_logs: settings.enable_flow_logs,
    },
  };
}

/** A stored host in the dashboard's ApiHost form. */
export function presentApiHost(row: HostRow, nodeIds: string[]): ApiHost {
  const { settings, fields } = sharedHostFields(row, nodeIds);
  return {
    ...fields,
    publickey: row.public_key,
    macaddress: row.mac_address,
    persistentkeepalive: row.keepalive_seconds,
    dns: settings.dns_status,
    location: '',
    country_code: '',
  };
}

/** A stored host in the agents' raw form: key bytes, base64 MAC, keepalive in nanoseconds, no password. */
export function presentRawHost(row: HostRow, nodeIds: string[]): RawHost {
  const { settings, fields } = sharedHostFields(row, nodeIds);
  return {
    ...fields,
    ipforwarding: settings.ipforwarding,
    daemoninstalled: settings.daemoninstalled,
    interface: settings.interface,
    publickey: wgKeyFromBase64(row.public_key) ?? [],
    macaddress: macToWire(row.mac_address),
    traffickeypublic: row.traffic_key,
    dns_status: settings.dns_status,
    persistentkeepalive: row.keepalive_seconds * NANOS_PER_SECOND,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
