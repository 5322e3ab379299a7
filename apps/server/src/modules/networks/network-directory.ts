/** What hosts, nodes and keys need to know about a network (owned by the networks module). */
export interface NetworkInfo {
  netid: string;
  /** IPv4 CIDR or ''. */
  addressrange: string;
  /** IPv6 CIDR or ''. */
  addressrange6: string;
}

/**
 * Read access to networks, implemented by the networks module (networkReads) so these modules never touch its
 * table. Ranges never change after creation (api-contract §5.2), so callers may read them outside a transaction.
 */
export interface NetworkDirectory {
  find(netid: string): Promise<NetworkInfo | undefined>;
  list(): Promise<NetworkInfo[]>;
}
