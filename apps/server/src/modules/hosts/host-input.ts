import {
  DEFAULT_KEEPALIVE_SECONDS,
  ipNetToCidr,
  macFromWire,
  type RegisterHostInput,
} from '@meshdeck/contracts';
import { DEFAULT_HOST_SETTINGS, hostSettings, type HostSettings } from './host-fields.ts';
import type { HostPatch, HostRow } from './hosts.repository.ts';

const interfacesJson = (input: RegisterHostInput): string =>
  JSON.stringify(
    input.interfaces.map((i) => ({
      name: i.name,
      addressString: i.addressString || ipNetToCidr(i.address) || '',
    })),
  );

const osDetailsJson = (input: RegisterHostInput): string =>
  JSON.stringify({
    os_family: input.os_family,
    os_version: input.os_version,
    kernel_version: input.kernel_version,
  });

/** The fields an agent owns and may refresh on every registration or check-in (api-contract §2.5). */
export function clientOwnedPatch(input: RegisterHostInput, settings: HostSettings, now: Date): HostPatch {
  return {
    name: input.name,
    version: input.version,
    os: input.os,
    os_details: osDetailsJson(input),
    interfaces: interfacesJson(input),
    public_key: input.publickey,
    traffic_key: input.traffickeypublic ?? null,
    mtu: input.mtu,
    endpoint_ip: input.endpointip,
    endpoint_ip6: input.endpointipv6,
    public_listen_port: input.wg_public_listen_port,
    mac_address: macFromWire(input.macaddress),
    settings: JSON.stringify({
      ...settings,
      firewallinuse: input.firewallinuse || settings.firewallinuse,
      defaultinterface: input.defaultinterface,
      interface: input.interface || settings.interface,
      ipforwarding: input.ipforwarding,
      nat_type: input.nat_type,
    }),
    updated_at: now.toISOString(),
  };
}

/** A new host row from a registration body; keepalive is forced to the default (api-contract §2.5). */
export function newHostRow(
  input: RegisterHostInput,
  id: string,
  passwordHash: string,
  listenPort: number,
  now: Date,
): HostRow {
  const settings: HostSettings = {
    ...DEFAULT_HOST_SETTINGS,
    verbosity: input.verbosity,
    debug: input.debug,
    isstatic: input.isstatic,
    isdefault: input.isdefault,
    autoupdate: input.autoupdate,
  };
  return {
    id,
    password_hash: passwordHash,
    listen_port: listenPort,
    is_static_port: input.isstaticport || input.isdefault ? 1 : 0,
    keepalive_seconds: DEFAULT_KEEPALIVE_SECONDS,
    created_at: now.toISOString(),
    ...(clientOwnedPatch(input, settings, now) as Omit<
      HostRow,
      'id' | 'password_hash' | 'listen_port' | 'is_static_port' | 'keepalive_seconds' | 'created_at'
    >),
  };
}

/** Settings of a stored host, for refreshing it. */
export const settingsOf = (row: HostRow): HostSettings => hostSettings(row);

/**
 * Api-contract §5.9: while another host behind the same public IP uses the port, move up; 443 jumps to 51821
 * and 65535 wraps to 1025.
 */
export function deconflictListenPort(wanted: number, taken: ReadonlySet<number>): number {
  let port = wanted;
  for (let tries = 0; tries < 65535 && taken.has(port); tries++) {
    port = port === 443 ? 51821 : port >= 65535 ? 1025 : port + 1;
  }
  return port;
}
