import os from 'node:os';
import { stunMappedAddress } from './stun.ts';
import { detectEndpoint } from './system-info.ts';

/** What the agent reports about where peers can reach it (raw Host fields, api-contract §3.14.1). */
export interface DiscoveredEndpoint {
  endpointip: string;
  endpointipv6?: string;
  /** Only with a STUN answer: it tells the server the endpoint is the mapped address, not a local guess. */
  nat_type?: 'public' | 'behind_nat';
}

const ownAddresses = (): Set<string> =>
  new Set(
    Object.values(os.networkInterfaces())
      .flat()
      .map((a) => a?.address ?? ''),
  );

/**
 * The endpoint to report: without a STUN server, the local address used to reach the server (the server then
 * records the address it sees instead, when that is usable). With one, the STUN-mapped address, and `public` when
 * that address is one of this machine's own (no NAT), `behind_nat` otherwise. A STUN failure falls back to the
 * local address and is returned as `error` for the caller's (rate-limited) log.
 */
export async function discoverEndpoint(
  serverUrl: string,
  stunServer: string | undefined,
): Promise<DiscoveredEndpoint & { error?: unknown }> {
  const local = await detectEndpoint(serverUrl);
  if (!stunServer) return { endpointip: local };
  try {
    const mapped = await stunMappedAddress(stunServer);
    const natType = ownAddresses().has(mapped.address) ? 'public' : 'behind_nat';
    if (mapped.address.includes(':'))
      return { endpointip: local, endpointipv6: mapped.address, nat_type: natType };
    return { endpointip: mapped.address, nat_type: natType };
  } catch (error) {
    return { endpointip: local, error };
  }
}
