import type { HostRow } from './hosts.repository.ts';

/** Agent-reported fields kept as JSON in `hosts.settings`: rarely filtered, never joined. */
export interface HostSettings {
  verbosity: number;
  firewallinuse: string;
  debug: boolean;
  isstatic: boolean;
  isdefault: boolean;
  autoupdate: boolean;
  dns_status: 'yes' | 'no';
  nat_type: string;
  enable_flow_logs: boolean;
  defaultinterface: string;
  interface: string;
  ipforwarding: boolean;
  daemoninstalled: boolean;
}

export interface OsDetails {
  os_family: string;
  os_version: string;
  kernel_version: string;
}

export const DEFAULT_HOST_SETTINGS: HostSettings = {
  verbosity: 0,
  firewallinuse: 'none',
  debug: false,
  isstatic: false,
  isdefault: false,
  autoupdate: false,
  dns_status: 'no',
  nat_type: '',
  enable_flow_logs: false,
  defaultinterface: '',
  interface: 'meshdeck',
  ipforwarding: false,
  daemoninstalled: false,
};

const parseObject = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export const hostSettings = (row: Pick<HostRow, 'settings'>): HostSettings => ({
  ...DEFAULT_HOST_SETTINGS,
  ...parseObject(row.settings),
});
export const osDetails = (row: Pick<HostRow, 'os_details'>): OsDetails => ({
  os_family: '',
  os_version: '',
  kernel_version: '',
  ...parseObject(row.os_details),
});
export const hostInterfaces = (
  row: Pick<HostRow, 'interfaces'>,
): { name: string; addressString: string }[] => {
  try {
    const value: unknown = JSON.parse(row.interfaces);
    return Array.isArray(value) ? (value as { name: string; addressString: string }[]) : [];
  } catch {
    return [];
  }
};
