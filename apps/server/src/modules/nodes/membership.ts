import { randomUUID } from 'node:crypto';
import { badRequest } from '../../lib/api-error.ts';
import { AddressHints } from './address-hints.ts';
import type { NetworkInfo } from '../networks/networks.public.ts';
import { DEFAULT_NODE_SETTINGS, nodeExpiry } from './node-fields.ts';
import type { NodeRow, NodesRepository } from './nodes.repository.ts';

export interface NewMembership {
  hostId: string;
  network: NetworkInfo;
  /** Tag ids from the enrollment key's groups. */
  tags: string[];
  /** Node id of a relay from the enrollment key, or ''. */
  relayedBy: string;
  now: Date;
  /** Per-network allocation hints (joins then skip reading every address of the network). */
  hints?: AddressHints;
}

/**
 * Creates a host's node in a network inside the caller's transaction, with the lowest free address of each of
 * the network's ranges (api-contract §5.1). Throws 400 when a range is full, which rolls the transaction back.
 */
export async function createMembership(nodes: NodesRepository, m: NewMembership): Promise<NodeRow> {
  const { netid, addressrange, addressrange6 } = m.network;
  await nodes.lockNetwork(netid);
  const hints = m.hints ?? new AddressHints();
  const address = addressrange ? await hints.allocate(nodes, netid, addressrange, 'address') : null;
  const address6 = addressrange6 ? await hints.allocate(nodes, netid, addressrange6, 'address6') : null;
  if ((addressrange && !address) || (addressrange6 && !address6)) {
    throw badRequest(
      `no free addresses in network ${netid}: no unique addresses available, check the network subnet`,
    );
  }
  const now = m.now.toISOString();
  const settings = m.relayedBy
    ? { ...DEFAULT_NODE_SETTINGS, isrelayed: true, relayedby: m.relayedBy }
    : DEFAULT_NODE_SETTINGS;
  return nodes.insert({
    id: randomUUID(),
    host_id: m.hostId,
    network: netid,
    address: address ?? null,
    address6: address6 ?? null,
    connected: 1,
    pending_delete: 0,
    action: 'noop',
    settings: JSON.stringify(settings),
    tags: JSON.stringify(m.tags),
    last_check_in: now,
    last_peer_update: null,
    expires_at: nodeExpiry(m.now),
    created_at: now,
    updated_at: now,
  });
}
