import type { ChangeEvent } from '@meshdeck/contracts';
import type { NetworkTransaction } from './networks.repository.ts';

/**
 * What the networks module needs to know about the members (nodes) of a network, without owning them. The
 * nodes module implements it over the nodes table (NodesNetworkUsage) and app.ts passes it to NetworksService.
 */
export interface NetworkUsage {
  /** Nodes in one network; read inside the delete transaction so a node joining meanwhile is not missed. */
  countNodes(netid: string, trx?: NetworkTransaction): Promise<number>;
  /** Node counts of every network in one query; networks without nodes may be left out. */
  countNodesByNetwork(): Promise<ReadonlyMap<string, number>>;
  /**
   * Creates what every network starts with (its default enrollment key) inside the network's create
   * transaction; returns the changes to announce once it commits.
   */
  createNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]>;
  /**
   * Removes everything that belongs to the network (nodes, their ext clients, the default enrollment key, ...)
   * inside the network's delete transaction, so a failure leaves the network and its members intact. Returns
   * the changes to announce once it commits.
   */
  deleteNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]>;
}
