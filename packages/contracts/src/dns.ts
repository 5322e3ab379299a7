import { z } from 'zod';
import { isIPv4Address, isIPv6Address } from './ip.ts';
import { LIMITS, boundedString } from './limits.ts';

/** DNS entries (api-contract §2.10, §3.10, §5.7). */

export const DNS_NAME_PATTERN = /^[A-Za-z0-9-.]+$/;
export const DNS_NAME_MAX = 192;

export const dnsEntrySchema = z.object({
  address: z.string(),
  address6: z.string(),
  name: z.string(),
  network: z.string(),
});
export type DnsEntry = z.infer<typeof dnsEntrySchema>;

/** POST /api/dns/{network}: a name and at least one address; the network comes from the path. */
export const dnsEntryInputSchema = z
  .looseObject({
    name: boundedString('name', DNS_NAME_MAX)
      .min(1, 'name is required')
      .refine((name) => !/\s/.test(name), { error: 'name must not contain spaces' })
      .refine((name) => DNS_NAME_PATTERN.test(name), {
        error: 'name may hold only letters, digits, dashes and dots',
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
