import { randomInt } from 'node:crypto';
import { cidrsOverlap, isPrivateRange, type ClaimEnvironment } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { NetworkInfo } from '../nodes/nodes.public.ts';
import type { RouteClaims } from '../routing/routing.public.ts';
import type { ExtClientRow } from './ext-clients.repository.ts';
import { extraAllowedIpsOf } from './ext-clients.presenter.ts';

// Short words so that `adjective-noun` stays within the contract's 15 characters (§5.7) and above the 5 minimum.
const ADJECTIVES = [
  'brave',
  'calm',
  'eager',
  'fancy',
  'gentle',
  'happy',
  'jolly',
  'kind',
  'lively',
  'merry',
  'nimble',
  'proud',
  'quick',
  'silly',
  'swift',
  'witty',
];
const NOUNS = [
  'otter',
  'falcon',
  'badger',
  'heron',
  'lynx',
  'marten',
  'panda',
  'raven',
  'salmon',
  'tiger',
  'walrus',
  'yak',
  'zebra',
  'koala',
  'gecko',
  'bison',
];

/**
 * A random two-word client id that `isTaken` says is free (api-contract §5.7: used when the body has no clientid).
 * Ids are unique server-wide, not per network: the first tries are the 256 plain `adjective-noun` names, then a
 * number joins them (256,000 more), so a server with thousands of clients still finds one in a few tries.
 */
export async function randomClientId(isTaken: (id: string) => Promise<boolean>): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = `${ADJECTIVES[randomInt(ADJECTIVES.length)]}-${NOUNS[randomInt(NOUNS.length)]}`;
    const id = attempt < 5 ? base : `${base.slice(0, 12)}${randomInt(1000)}`;
    if (!(await isTaken(id))) return id;
  }
  throw badRequest('could not pick a free client id: please give one');
}

/** What bounds the ranges a client may route to itself (issues 29 and 38). */
export interface RoutePolicy {
  /** The client's network. */
  network: NetworkInfo;
  /** The shared route-claim rules (decision 047) and what they judge against: every network, endpoint, server. */
  claims: RouteClaims;
  env: ClaimEnvironment;
  /** Every range the network routes already (egress, other clients): with these a set may not add up to a default route. */
  networkRoutes: readonly string[];
  /** Ranges the network's egress gateways serve: a client must not shadow them. */
  egressRanges: readonly string[];
  /** Other clients on the same gateway: WireGuard routes a range to one peer only. */
  siblings: readonly ExtClientRow[];
  /** A network admin may route public ranges through a client; a user only private ones (a LAN behind a laptop). */
  isNetworkAdmin: boolean;
  /** A default route is a client's to claim only on an internet gateway. */
  isInternetGateway: boolean;
}

const isDefaultRoute = (cidr: string) => cidr.endsWith('/0');

/**
 * Extra allowed IPs are ranges behind a client that its gateway routes to it, and every host of the network
 * then routes to the gateway. They must not overlap the network's ranges (they would shadow mesh addresses),
 * each other, another client's on the same gateway, or a range an egress gateway serves; a user (not a network
 * admin) may only claim private ranges; and the shared route-claim rules hold (decision 047): no other network,
 * reserved block, host endpoint or server address, and no default route, alone or added up, unless the gateway
 * is an internet gateway.
 */
export function checkExtraAllowedIps(extra: readonly string[], policy: RoutePolicy): void {
  const { network } = policy;
  const options = { alsoRouted: policy.networkRoutes, allowDefaultRoute: policy.isInternetGateway };
  policy.claims.checkDefaultRoute('extraallowedips', extra, options);
  for (const [i, cidr] of extra.entries()) {
    for (const range of [network.addressrange, network.addressrange6]) {
      if (range && !isDefaultRoute(cidr) && cidrsOverlap(cidr, range))
        throw badRequest(`extraallowedips ${cidr} overlaps the network range ${range}`);
    }
    if (!policy.isNetworkAdmin && !isDefaultRoute(cidr) && !isPrivateRange(cidr))
      throw badRequest(
        `extraallowedips ${cidr} is not a private range: only a network admin may route a public range to a client (a LAN behind a client is 10/8, 172.16/12, 192.168/16 or fc00::/7)`,
      );
    const egress = policy.egressRanges.find((range) => !isDefaultRoute(cidr) && cidrsOverlap(cidr, range));
    if (egress) throw badRequest(`extraallowedips ${cidr} overlaps ${egress}, served by an egress gateway`);
    const twin = extra.slice(0, i).find((other) => cidrsOverlap(cidr, other));
    if (twin) throw badRequest(`extraallowedips ${cidr} overlaps ${twin} in the same list`);
    for (const sibling of policy.siblings) {
      const taken = extraAllowedIpsOf(sibling).find((other) => cidrsOverlap(cidr, other));
      if (taken)
        throw badRequest(
          `extraallowedips ${cidr} overlaps ${taken}, already routed to client ${sibling.client_id} on this gateway`,
        );
    }
  }
  policy.claims.check('extraallowedips', extra, policy.env, options);
}
