import type { ChangeEvent } from '@meshdeck/contracts';
import type { NetworkUsage, NetworkTransaction } from '../networks/networks.public.ts';
import type { HostChange } from '../peers/peers.public.ts';
import { NodesRepository } from './nodes.repository.ts';

/**
 * The nodes-backed NetworkUsage the networks service counts and deletes members through. Peer updates for the
 * hosts that lost a node wait until the network delete has committed (`takeRemovedHosts`, called when the
 * networks module announces the deletion), so they never describe a state that was rolled back.
 */
export class NodesNetworkUsage implements NetworkUsage {
  readonly #removed = new Map<string, HostChange[]>();

  constructor(private readonly nodes: NodesRepository) {}

  /** Nodes in one network (inside the caller's transaction when given). */
  countNodes(netid: string, trx?: NetworkTransaction): Promise<number> {
    return (trx ? new NodesRepository(trx) : this.nodes).countByNetwork(netid);
  }

  /** Node counts of every network in one query. */
  countNodesByNetwork(): Promise<ReadonlyMap<string, number>> {
    return this.nodes.countAllByNetwork();
  }

  /**
   * Deletes the network's nodes inside the delete transaction (node deletions are announced per host once it
   * commits, through takeRemovedHosts; the enrollment-keys module wraps this to take the network off its keys).
   */
  async deleteNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]> {
    const deleted = await new NodesRepository(trx).deleteByNetwork(netid);
    this.#removed.set(
      netid,
      [...new Set(deleted.map((n) => n.host_id))].map((hostId) => ({ hostId, formerNetworks: [netid] })),
    );
    return [];
  }

  /** A new network has no nodes; the enrollment-keys module wraps this to create the default key. */
  async createNetworkMembers(): Promise<ChangeEvent[]> {
    return [];
  }

  /** Host changes caused by a committed network delete (once). */
  takeRemovedHosts(netid: string): HostChange[] {
    const changes = this.#removed.get(netid) ?? [];
    this.#removed.delete(netid);
    return changes;
  }
}
