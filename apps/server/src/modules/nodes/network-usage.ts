import { EnrollmentKeysRepository } from '../enrollment-keys/enrollment-keys.repository.ts';
import { NetworkKeysService } from '../enrollment-keys/network-keys.service.ts';
import type { ChangeEvent } from '@meshdeck/contracts';
import type { NetworkUsage } from '../networks/networks.public.ts';
import type { NetworkTransaction } from '../networks/networks.public.ts';
import type { HostChange } from '../peers/peer-publisher.ts';
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

  /** Deletes the network's nodes and takes it off every enrollment key, inside the delete transaction. */
  async deleteNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]> {
    const deleted = await new NodesRepository(trx).deleteByNetwork(netid);
    const changes = await new NetworkKeysService(new EnrollmentKeysRepository(trx)).removeNetwork(netid);
    this.#removed.set(
      netid,
      [...new Set(deleted.map((n) => n.host_id))].map((hostId) => ({ hostId, formerNetworks: [netid] })),
    );
    return changes;
  }

  /** Creates the network's default enrollment key inside the create transaction. */
  createNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]> {
    return new NetworkKeysService(new EnrollmentKeysRepository(trx)).createDefaultKey(netid);
  }

  /** Host changes caused by a committed network delete (once). */
  takeRemovedHosts(netid: string): HostChange[] {
    const changes = this.#removed.get(netid) ?? [];
    this.#removed.delete(netid);
    return changes;
  }
}
