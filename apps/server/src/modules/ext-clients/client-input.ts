import { randomInt } from 'node:crypto';
import { cidrsOverlap } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { NetworkInfo } from '../nodes/network-directory.ts';
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

/** A random two-word client id not in `taken` (api-contract §5.7: used when the body has no clientid). */
export function randomClientId(taken: (id: string) => boolean): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = `${ADJECTIVES[randomInt(ADJECTIVES.length)]}-${NOUNS[randomInt(NOUNS.length)]}`;
    const id = attempt < 10 ? base : `${base.slice(0, 12)}${randomInt(100)}`;
    if (!taken(id)) return id;
  }
  throw badRequest('could not pick a free client id: please give one');
}

/**
 * Extra allowed IPs must not overlap the network's ranges (they would shadow mesh addresses), each other, or
 * another client's on the same gateway: WireGuard routes a range to one peer only, so the later one would win.
 */
export function checkExtraAllowedIps(
  extra: readonly string[],
  network: NetworkInfo,
  siblings: readonly ExtClientRow[],
): void {
  for (const [i, cidr] of extra.entries()) {
    for (const range of [network.addressrange, network.addressrange6]) {
      if (range && cidrsOverlap(cidr, range))
        throw badRequest(`extraallowedips ${cidr} overlaps the network range ${range}`);
    }
    const twin = extra.slice(0, i).find((other) => cidrsOverlap(cidr, other));
    if (twin) throw badRequest(`extraallowedips ${cidr} overlaps ${twin} in the same list`);
    for (const sibling of siblings) {
      const taken = extraAllowedIpsOf(sibling).find((other) => cidrsOverlap(cidr, other));
      if (taken)
        throw badRequest(
          `extraallowedips ${cidr} overlaps ${taken}, already routed to client ${sibling.client_id} on this gateway`,
        );
    }
  }
}
