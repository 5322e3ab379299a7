import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { nodeListSource } from './node-list.ts';
import { listQueryOptions } from '@/lib/list/use-list.ts';

/** A node of a network as pickers show it: its host's name and its addresses. */
export interface NetworkMember {
  id: string;
  name: string;
  address: string;
  address6: string;
  /** The ranges this node routes as an egress gateway (empty for other nodes). */
  egressRanges: string[];
}

/**
 * A network's nodes for pickers (policies, tags, DNS addresses), from the nodes page's lean list: the same
 * cached, live-patched rows, so opening a dialog costs no request when the nodes page was seen.
 */
export function useNetworkMembers(networkId: string) {
  const source = useMemo(() => nodeListSource(networkId), [networkId]);
  const list = useQuery(listQueryOptions(source));
  const members = useMemo<NetworkMember[]>(
    () =>
      (list.data ?? [])
        .map((item) => ({
          id: item.id,
          name: item.name,
          address: item.address,
          address6: item.address6,
          egressRanges: (item.egressRanges ?? []).map((range) => range.network),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [list.data],
  );
  return { members, isPending: list.isPending, error: list.error };
}
