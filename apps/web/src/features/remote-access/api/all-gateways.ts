import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { hostsQueryOptions } from '@/lib/api/get-hosts.ts';
import { allNodesQueryOptions } from '@/lib/api/get-nodes.ts';
import { useSession } from '@/lib/session.ts';
import { toGatewayRow } from './gateways.ts';

/**
 * Every network's gateways (the /clients page names the gateway of each client and filters by it). Only admins
 * may read every node and host; other users see each client's gateway by its endpoint instead.
 */
export function useAllGateways() {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const nodes = useQuery({ ...allNodesQueryOptions(), enabled: isAdmin });
  const hosts = useQuery({ ...hostsQueryOptions(), enabled: isAdmin });
  return useMemo(() => {
    const hostsById = new Map((hosts.data ?? []).map((host) => [host.id, host]));
    return (nodes.data ?? [])
      .filter((node) => node.roles.isIngress)
      .map((node) => toGatewayRow(node, hostsById.get(node.hostId)));
  }, [nodes.data, hosts.data]);
}
