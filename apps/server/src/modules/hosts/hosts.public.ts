// What other modules may import from the hosts module (modules/README.md): a host's row and its settings reader,
// what the module offers of its records, and the broker's view of hosts that Mosquitto's files are written from.
import type { HostRow } from './hosts.repository.ts';

export type { HostRow };
export { hostSettings } from './host-fields.ts';
export { isPlainName, mosquittoAcl, type HostWithNodes } from './broker-access.ts';

/**
 * What the hosts module offers of its records (its `register` returns them): a host by id (a remote-access
 * gateway's), and every host's name and endpoint addresses (routes must stay clear of them, decision 047).
 */
export interface HostRecords {
  findById(id: string): Promise<HostRow | undefined>;
  listEndpoints(): Promise<{ name: string; endpoint_ip: string; endpoint_ip6: string }[]>;
}
