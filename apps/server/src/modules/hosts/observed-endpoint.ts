import { isIP } from 'node:net';
import type { natTypes } from '@meshdeck/contracts';

/** The public address a request came from, by family; empty when it says nothing about where peers can dial. */
export interface ObservedAddress {
  v4: string;
  v6: string;
}

// A loopback, unspecified, link-local or multicast client is an agent on the server's own machine or link (or a
// proxy the server was not told to trust): peers elsewhere cannot dial that, so the agent's own report stands.
const unusableV4 = (ip: string): boolean => {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return a === 0 || a === 127 || a >= 224 || (a === 169 && b === 254);
};
const unusableV6 = (ip: string): boolean =>
  ip === '::' || ip === '::1' || /^fe[89ab]/i.test(ip) || /^ff/i.test(ip);

/** The request's client address (after TRUST_PROXY) as a peer endpoint; IPv4-mapped IPv6 is unwrapped. */
export function observedAddress(clientIp: string): ObservedAddress {
  const ip = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(clientIp)?.[1] ?? clientIp;
  const family = isIP(ip);
  if (family === 4 && !unusableV4(ip)) return { v4: ip, v6: '' };
  if (family === 6 && !unusableV6(ip)) return { v4: '', v6: ip };
  return { v4: '', v6: '' };
}

/** What an agent said about its endpoint on a registration or check-in. */
export interface ReportedEndpoint {
  endpointip?: string | undefined;
  endpointipv6?: string | undefined;
  /** Sent only by an agent that asked a STUN server: its endpoint is then the STUN-mapped address. */
  nat_type?: (typeof natTypes)[number] | undefined;
}

/**
 * The endpoint to store for a non-static host. A STUN answer (the agent sends nat_type with it) wins: the STUN
 * server sits where the operator put it, usually on the internet. Otherwise the address the server saw wins over
 * the agent's local guess, and differing addresses mean a NAT in between. A static host keeps what it has.
 */
export function resolveEndpoint(
  reported: ReportedEndpoint,
  observed: ObservedAddress,
  isStatic: boolean,
): ReportedEndpoint {
  if (isStatic) return {};
  if (reported.nat_type) return reported;
  const resolved: ReportedEndpoint = { ...reported };
  if (observed.v4) {
    resolved.endpointip = observed.v4;
    if (reported.endpointip)
      resolved.nat_type = reported.endpointip === observed.v4 ? 'public' : 'behind_nat';
  }
  if (observed.v6) resolved.endpointipv6 = observed.v6;
  return resolved;
}
