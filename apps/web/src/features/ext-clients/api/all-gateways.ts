import { useMemo } from 'react';
import { useHosts } from '@/lib/api/get-hosts.ts';
import { useAllNodes } from '@/lib/api/get-nodes.ts';
import { toGatewayRow } from './gateways.ts';

/** Every network's gateways (the /clients page names the gateway of each client and filters by it). */
export function useAllGateways() {
  const nodes = useAllNodes();
  const hosts = useHosts();
  return useMemo(() => {
    const hostsById = new Map((hosts.data ?? []).map((host) => [host.id, host]));
    return (nodes.data ?? [])
      .filter((node) => node.roles.isIngress)
      .map((node) => toGatewayRow(node, hostsById.get(node.hostId)));
  }, [nodes.data, hosts.data]);
}
