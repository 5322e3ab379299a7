import { randomInt } from 'node:crypto';
import { cidrsOverlap } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { NetworkInfo } from '../nodes/nodes.public.ts';
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

/** What bounds the ranges a client may route to itself (issue 29). */
export interface RoutePolicy {
  /** The client's network. */
  network: NetworkInfo;
  /** Every other network's ranges: a client must not pull another network's traffic to itself. */
  otherNetworks: readonly NetworkInfo[];
  /** Ranges the network's egress gateways serve: a client must not shadow them. */
  egressRanges: readonly string[];
  /** Other clients on the same gateway: WireGuard routes a range to one peer only. */
  siblings: readonly ExtClientRow[];
  /** A network admin may route any other range through a client; a user only ranges outside every network. */
  isNetworkAdmin: boolean;
  /** A default route is a user's to claim only on an internet gateway. */
  isInternetGateway: boolean;
}

const isDefaultRoute = (cidr: string) => cidr.endsWith('/0');

/**
 * Extra allowed IPs are ranges behind a client that its gateway routes to it. They must not overlap the
 * network's ranges (they would shadow mesh addresses), another network's, each other, or another client's on
 * the same gateway, or a range an egress gateway serves; and a client that is not an admin's may not claim a default route unless the gateway is an
 * internet gateway, since it would pull every routed packet of the gateway to one user's laptop.
 */
export function checkExtraAllowedIps(extra: readonly string[], policy: RoutePolicy): void {
  const { network } = policy;
  for (const [i, cidr] of extra.entries()) {
    if (isDefaultRoute(cidr) && !policy.isNetworkAdmin && !policy.isInternetGateway)
      throw badRequest(
        `extraallowedips ${cidr} is a default route: only a network admin, or a client of an internet gateway, may claim it`,
      );
    for (const range of [network.addressrange, network.addressrange6]) {
      if (range && cidrsOverlap(cidr, range))
        throw badRequest(`extraallowedips ${cidr} overlaps the network range ${range}`);
    }
    for (const other of policy.otherNetworks) {
      if (other.netid === network.netid) continue;
      for (const range of [other.addressrange, other.addressrange6]) {
        // A default route overlaps everything; where it is allowed at all, other networks keep their more
        // specific routes, so only a narrower claim is refused.
        if (range && !isDefaultRoute(cidr) && cidrsOverlap(cidr, range))
          throw badRequest(`extraallowedips ${cidr} overlaps network ${other.netid}'s range ${range}`);
      }
    }
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
}
