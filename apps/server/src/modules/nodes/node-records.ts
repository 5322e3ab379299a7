import { createMembership, type NewMembership } from './membership.ts';
import type { NodeCheckIn, NodePatch, NodeRow, NodesRepository } from './nodes.repository.ts';

/**
 * What the nodes module offers the modules that keep nodes beside rows of their own: hosts (a host joins and
 * leaves networks, checks in, is deleted with its nodes), remote-access clients (they share a network's addresses
 * and lock) and the broker's account files. Every call joins the caller's unit of work (decision 059): a service
 * that writes its own rows and nodes runs both in one `transaction(...)`.
 */
export interface NodeRecords {
  findById(id: string): Promise<NodeRow | undefined>;
  listAll(): Promise<NodeRow[]>;
  listByNetwork(netid: string): Promise<NodeRow[]>;
  listByHosts(hostIds: readonly string[]): Promise<NodeRow[]>;
  /** Node ids per host, of every host or of some. */
  nodeIdsByHost(hostIds?: readonly string[]): Promise<Map<string, string[]>>;
  /** What the status rule reads of a host's nodes. */
  checkInsOfHost(hostId: string): Promise<NodeCheckIn[]>;
  update(id: string, patch: NodePatch): Promise<NodeRow | undefined>;
  delete(id: string): Promise<boolean>;
  /** Records a check-in of every node of a host at `at`. */
  touchCheckIn(hostId: string, at: string): Promise<void>;
  /** Serialises address allocation in a network until the unit of work ends. */
  lockNetwork(netid: string): Promise<void>;
  /** Addresses taken in a network by nodes and external clients. */
  usedAddresses(netid: string): Promise<string[]>;
  /** A host's new node in a network, with the lowest free addresses (throws 400 when a range is full). */
  createMembership(membership: NewMembership): Promise<NodeRow>;
}

/** The records offered over the module's repository (built on the handle's `db`, so calls join a unit of work). */
export function recordsOf(nodes: NodesRepository): NodeRecords {
  return {
    findById: (id) => nodes.findById(id),
    listAll: () => nodes.listAll(),
    listByNetwork: (netid) => nodes.listByNetwork(netid),
    listByHosts: (hostIds) => nodes.listByHosts(hostIds),
    nodeIdsByHost: (hostIds) => nodes.nodeIdsByHost(hostIds),
    checkInsOfHost: (hostId) => nodes.checkInsOfHost(hostId),
    update: (id, patch) => nodes.update(id, patch),
    delete: (id) => nodes.delete(id),
    touchCheckIn: (hostId, at) => nodes.touchCheckIn(hostId, at),
    lockNetwork: (netid) => nodes.lockNetwork(netid),
    usedAddresses: (netid) => nodes.usedAddresses(netid),
    createMembership: (membership) => createMembership(nodes, membership),
  };
}
