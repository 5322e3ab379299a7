import { toHostSummary, type ApiHost, type HostSummary } from '@meshdeck/contracts';

/**
 * Everything the console shows about a host: the contracts' HostSummary plus the detail fields of the host pages.
 * `wire` is kept only because PUT hosts/{id} takes the whole object with the edits merged in.
 */
export interface HostView extends HostSummary {
  endpointIpv4: string;
  endpointIpv6: string;
  isStaticEndpoint: boolean;
  isStaticPort: boolean;
  publicListenPort: number;
  mtu: number;
  macAddress: string;
  verbosity: number;
  defaultInterface: string;
  isDebug: boolean;
  isAutoUpdate: boolean;
  firewall: string;
  natType: string;
  osFamily: string;
  kernelVersion: string;
  wire: ApiHost;
}

/** Maps the wire ApiHost to the console's host view. */
export const toHostView = (host: ApiHost): HostView => ({
  ...toHostSummary(host),
  endpointIpv4: host.endpointip,
  endpointIpv6: host.endpointipv6,
  isStaticEndpoint: host.isstatic,
  isStaticPort: host.isstaticport,
  publicListenPort: host.wg_public_listen_port,
  mtu: host.mtu,
  macAddress: host.macaddress,
  verbosity: host.verbosity,
  defaultInterface: host.defaultinterface,
  isDebug: host.debug,
  isAutoUpdate: host.autoupdate,
  firewall: host.firewallinuse,
  natType: host.nat_type,
  osFamily: host.os_family,
  kernelVersion: host.kernel_version,
  wire: host,
});

/** The editable host fields, in the console's names. */
export interface HostEdit {
  name: string;
  mtu: number;
  keepaliveSeconds: number;
  isStaticPort: boolean;
  listenPort: number;
  verbosity: number;
  isStaticEndpoint: boolean;
  endpointIpv4: string;
  endpointIpv6: string;
  isDefault: boolean;
  isAutoUpdate: boolean;
}

/** The PUT body: the whole wire host with the edits merged in, as the contract expects (api-contract §2.4). */
export const toHostUpdateBody = (host: HostView, edit: Partial<HostEdit>): ApiHost => ({
  ...host.wire,
  name: edit.name ?? host.wire.name,
  mtu: edit.mtu ?? host.wire.mtu,
  persistentkeepalive: edit.keepaliveSeconds ?? host.wire.persistentkeepalive,
  isstaticport: edit.isStaticPort ?? host.wire.isstaticport,
  listenport: edit.listenPort ?? host.wire.listenport,
  verbosity: edit.verbosity ?? host.wire.verbosity,
  isstatic: edit.isStaticEndpoint ?? host.wire.isstatic,
  endpointip: edit.endpointIpv4 ?? host.wire.endpointip,
  endpointipv6: edit.endpointIpv6 ?? host.wire.endpointipv6,
  isdefault: edit.isDefault ?? host.wire.isdefault,
  autoupdate: edit.isAutoUpdate ?? host.wire.autoupdate,
});
