import type { HostPeerUpdate } from '@meshdeck/contracts';

// The peer engine's inputs and outputs: the host changes it is given, where its updates go, what a batch cost.
// Their own file, so the publisher and the access deltas both name them without importing each other.

/** A host whose peers-relevant state changed (joined, left, moved, re-keyed or was deleted). */
export interface HostChange {
  hostId: string;
  /** Networks the host just left (or all of them when it was deleted); its current networks are found itself. */
  formerNetworks?: string[];
  /** Public keys that must disappear from other hosts: the old key after a re-key, or a deleted host's key. */
  removedPublicKeys?: string[];
  /** A fresh registration: its agent pulls its whole state when it connects, so no full list is published. */
  joined?: boolean;
  /**
   * A routing role of the host changed (relay, egress, internet gateway, failover): every receiver's delta then
   * carries its whole routing state, which deltas otherwise leave out (unchanged).
   */
  isRoutingChange?: boolean;
  /**
   * An access change (issue 32): only this host hears, with fresh entries for exactly these hosts (whose reach
   * with it changed). A host with any other change in the same batch gets its whole list instead.
   */
  accessPeers?: string[];
}

/** What publishing needs from the rest of the server; lets tests and benchmarks count messages. */
export interface PeerSink {
  /** The one place peer updates reach the broker (per host, so per-host payload encryption can slot in). */
  publish(hostId: string, topic: string, payload: string): Promise<void>;
  /** The host and node fields of a changed host's own full update. */
  describeHost(hostId: string): Promise<Pick<HostPeerUpdate, 'host' | 'nodes'> | undefined>;
  /**
   * Hosts with a broker session, or undefined when that cannot be known (external broker): everyone else would
   * drop a message anyway, and pulls its state when it connects.
   */
  listeningHosts(): ReadonlySet<string> | undefined;
}

export interface PublishStats {
  messages: number;
  receivers: number;
  bytes: number;
}
