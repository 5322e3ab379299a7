/** What hosts, nodes and keys need to know about a network (owned by the networks module). */
export interface NetworkInfo {
  netid: string;
  /** IPv4 CIDR or ''. */
  addressrange: string;
  /** IPv6 CIDR or ''. */
  addressrange6: string;
}

/**
 * Read access to networks, implemented in app.ts on top of the networks module so these modules never touch its
 * table. Ranges never change after creation (api-contract §5.2), so callers may read them outside a transaction.
 */
export interface NetworkDirectory {
  find(netid: string): Promise<NetworkInfo | undefined>;
  list(): Promise<NetworkInfo[]>;
}

interface NetworkRows {
  findByNetId(
    netid: string,
  ): Promise<{ netid: string; address_range: string; address_range6: string } | undefined>;
  listAll(): Promise<{ netid: string; address_range: string; address_range6: string }[]>;
}

const toInfo = (row: { netid: string; address_range: string; address_range6: string }): NetworkInfo => ({
  netid: row.netid,
  addressrange: row.address_range,
  addressrange6: row.address_range6,
});

/** A NetworkDirectory over the networks repository. */
export function networkDirectory(rows: NetworkRows): NetworkDirectory {
  return {
    find: async (netid) => {
      const row = await rows.findByNetId(netid);
      return row ? toInfo(row) : undefined;
    },
    list: async () => (await rows.listAll()).map(toInfo),
  };
}
