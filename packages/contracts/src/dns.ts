import { z } from 'zod';
import { isIPv4Address, isIPv6Address } from './ip.ts';
import { cidrContains } from './ip-ranges.ts';
import { LIMITS, boundedString } from './limits.ts';

/** DNS entries (api-contract §2.10, §3.10, §5.7; decision 048 for the rules a network's names follow). */

/**
 * The characters a name may hold: the contract's letters, digits, dashes and dots, plus the underscore that a
 * network id may hold (only in that last label: see `dnsNameProblem`).
 */
export const DNS_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const DNS_NAME_MAX = 192;
/** RFC 1123 label: 1..63 letters, digits and dashes, neither first nor last a dash. */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export const dnsEntrySchema = z.object({
  address: z.string(),
  address6: z.string(),
  name: z.string(),
  network: z.string(),
  /**
   * Meshdeck extra, on custom entries stored before decision 048 that break its rules: why the entry is kept but
   * never sent to hosts. Absent on every entry that is sent.
   */
  invalid: z.string().optional(),
});
export type DnsEntry = z.infer<typeof dnsEntrySchema>;

/**
 * Why `name` cannot be one of network `network`'s names (a phrase to put after `name: `), or undefined when it
 * can (decision 048): it ends in
 * `.<network>` (the network's own domain, so one network's names never take another's or a public name), and every
 * label before it is an RFC 1123 host label (1..63 letters, digits and dashes, no dash first or last, no empty
 * label), at most 192 characters in all. Case does not matter. The server refuses such a name, the import plan
 * refuses it, and the agent never writes one into a hosts file.
 */
export function dnsNameProblem(name: string, network: string): string | undefined {
  const suffix = `.${network.toLowerCase()}`;
  const lower = name.toLowerCase();
  if (name.length > DNS_NAME_MAX) return `must be at most ${DNS_NAME_MAX} characters`;
  if (!lower.endsWith(suffix) || lower.length === suffix.length)
    return `must end in ${suffix} (the network's own domain), e.g. files${suffix}`;
  const labels = lower.slice(0, -suffix.length).split('.');
  if (labels.some((label) => label === '')) return 'must not hold an empty label (two dots, or a dot first)';
  const bad = labels.find((label) => !HOST_LABEL.test(label));
  if (bad !== undefined)
    return `label "${bad}" must be 1 to 63 letters, digits and dashes, starting and ending with a letter or digit`;
  return undefined;
}

/** A network's address ranges, as stored (empty when the network has no range of that family). */
export interface DnsNetworkRanges {
  netid: string;
  addressrange: string;
  addressrange6: string;
}

/**
 * What is wrong with an entry of this network (decision 048), as `{field, message}`, or undefined: the name breaks
 * `dnsNameProblem`, or an address lies outside the network's range of its family (a name of a network points
 * inside it).
 */
export function dnsEntryProblem(
  entry: { name: string; address?: string | null; address6?: string | null },
  network: DnsNetworkRanges,
): { field: 'name' | 'address' | 'address6'; message: string } | undefined {
  const name = dnsNameProblem(entry.name, network.netid);
  if (name) return { field: 'name', message: name };
  for (const [field, range] of [
    ['address', network.addressrange],
    ['address6', network.addressrange6],
  ] as const) {
    const address = entry[field];
    if (!address) continue;
    if (!range)
      return {
        field,
        message: `${address} cannot be used: network ${network.netid} has no ${field === 'address' ? 'IPv4' : 'IPv6'} range`,
      };
    if (!cidrContains(range, address))
      return {
        field,
        message: `${address} is outside network ${network.netid}'s range ${range}: a network's names point inside it`,
      };
  }
  return undefined;
}

/** POST /api/dns/{network}: a name and at least one address; the network comes from the path. */
export const dnsEntryInputSchema = z
  .looseObject({
    name: boundedString('name', DNS_NAME_MAX)
      .min(1, 'name is required')
      .refine((name) => !/\s/.test(name), { error: 'name must not contain spaces' })
      .refine((name) => DNS_NAME_PATTERN.test(name), {
        error: 'name may hold only letters, digits, dashes and dots',
      })
      .refine((name) => name.split('.').every((label) => label !== '' && label.length <= 63), {
        error: 'name must be dot-separated labels of 1 to 63 characters (no empty label)',
      }),
    address: boundedString('address', LIMITS.address)
      .refine((a) => a === '' || isIPv4Address(a), { error: 'address must be an IPv4 address' })
      .nullish(),
    address6: boundedString('address6', LIMITS.address)
      .refine((a) => a === '' || isIPv6Address(a), { error: 'address6 must be an IPv6 address' })
      .nullish(),
    network: boundedString('network', LIMITS.id).nullish(),
  })
  .refine((e) => !!e.address || !!e.address6, {
    error: 'address or address6 is required',
    path: ['address'],
  });
export type DnsEntryInput = z.infer<typeof dnsEntryInputSchema>;

export const dnsNetworkParamsSchema = z.object({ network: boundedString('network', LIMITS.id) });
export const dnsDomainParamsSchema = z.object({
  network: boundedString('network', LIMITS.id),
  domain: boundedString('domain', DNS_NAME_MAX),
});

/**
 * Meshdeck's DNS push (decision 034): one sealed message per host on its own `host/update/<hostId>/<server>`
 * topic, `{Action: "DNS_SYNC", Host: {id}, DNS: {network, entries}}`, with every entry of that network (host and
 * custom). The contract's `host/dns/sync/<network>/<server>` is one topic per network, which per-host sealing and
 * per-host topic rules (decision 007) cannot serve.
 */
export const dnsSyncMessageSchema = z.object({
  Action: z.literal('DNS_SYNC'),
  Host: z.object({ id: z.string() }),
  DNS: z.object({ network: z.string(), entries: z.array(dnsEntrySchema) }),
});
export type DnsSyncMessage = z.infer<typeof dnsSyncMessageSchema>;

/**
 * What changed in one network's entries since the last message (issue 32): entries added or replaced (matched by
 * name) and names removed, `{Action: "DNS_UPDATE", DNS: {network, added, removed}}`, sealed per host on
 * `host/update/<hostId>/<server>` like DNS_SYNC. No `Host`: the topic names the host, and one text for every host
 * of the network is compressed once (payload-seal's cache), not once per host. A name is in at most one of the two
 * lists. Sent at QoS 0: the agent's pulls (every broker reconnect and every few minutes) heal a lost one.
 */
export const dnsUpdateMessageSchema = z.object({
  Action: z.literal('DNS_UPDATE'),
  DNS: z.object({
    network: z.string(),
    added: z.array(dnsEntrySchema),
    removed: z.array(z.string()),
  }),
});
export type DnsUpdateMessage = z.infer<typeof dnsUpdateMessageSchema>;
