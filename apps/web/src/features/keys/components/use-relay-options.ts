import { useMemo } from 'react';
import { useHosts } from '@/lib/api/get-hosts.ts';
import { useAllNodes } from '@/lib/api/get-nodes.ts';

export interface RelayOption {
  value: string;
  label: string;
}

/**
 * Relays a key may name: relay nodes in the chosen networks (the server refuses any other). Host names come
 * from one Map so the list costs O(hosts + nodes).
 */
export function useRelayOptions(networks: readonly string[]): RelayOption[] {
  const { data: nodes } = useAllNodes();
  const { data: hosts } = useHosts();
  return useMemo(() => {
    const names = new Map((hosts ?? []).map((host) => [host.id, host.name]));
    const wanted = new Set(networks);
    return (nodes ?? [])
      .filter((node) => node.roles.isRelay && wanted.has(node.network))
      .map((node) => ({
        value: node.id,
        label: `${names.get(node.hostId) ?? node.hostId} (${node.network})`,
      }));
  }, [nodes, hosts, networks]);
}
