import type { NodeListItem } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { hostsQueryOptions } from '@/lib/api/get-hosts.ts';
import { useNetworkNodes } from '@/lib/api/get-nodes.ts';
import type { HostView } from '@/lib/api/host-view.ts';
import { nodeListSource } from '@/lib/api/node-list.ts';
import type { NodeView } from '@/lib/api/node-view.ts';
import { listQueryOptions } from '@/lib/list/use-list.ts';
import { useSession } from '@/lib/session.ts';

/** A node of the network as the remote-access page shows it: its host's name and OS beside the gateway fields. */
export interface GatewayRow {
  id: string;
  network: string;
  hostId: string;
  name: string;
  os: string;
  address: string;
  address6: string;
  endpoint: string;
  status: NodeView['status'];
  isGateway: boolean;
  isInternetGateway: boolean;
  /** Default client DNS (`ingressdns`). */
  dns: string;
  mtu: number;
  keepalive: number;
  metadata: string;
  /** Extra public IPs clients may use (`additional_rag_ips`). */
  additionalEndpoints: string[];
}

/**
 * Joins a node with its host (looked up in Maps built once per list). The lean row names the host for every
 * user; the full host (OS) is only readable by admins, who alone can promote a host.
 */
export function toGatewayRow(node: NodeView, host: HostView | undefined, lean?: NodeListItem): GatewayRow {
  return {
    id: node.id,
    network: node.network,
    hostId: node.hostId,
    name: host?.name ?? lean?.name ?? node.hostId,
    os: host?.os ?? '',
    address: node.address,
    address6: node.address6,
    endpoint: host?.endpoint ?? lean?.endpoint ?? '',
    status: node.status,
    isGateway: node.roles.isIngress,
    isInternetGateway: node.roles.isInternetGateway,
    dns: node.wire.ingressdns,
    mtu: node.wire.ingressmtu,
    keepalive: node.wire.ingresspersistentkeepalive,
    metadata: node.metadata,
    additionalEndpoints: node.wire.additional_rag_ips,
  };
}

/** Only Linux hosts can be remote-access gateways (api-contract §5.6). */
export const canBeGateway = (row: GatewayRow) => row.os.toLowerCase() === 'linux' && !row.isGateway;

/**
 * The network's nodes joined with their hosts: the gateways, and the Linux nodes that could become one (the
 * host picker of the add-gateway and create-client dialogs).
 */
export function useGatewayRows(networkId: string) {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const nodes = useNetworkNodes(networkId);
  // The nodes page's lean list (shared cache, live-patched) names the hosts for users who cannot read hosts.
  // Memoised: a new source per render carries a new `meta.live`, and a changed meta re-renders the observer.
  const leanSource = useMemo(() => nodeListSource(networkId), [networkId]);
  const lean = useQuery(listQueryOptions(leanSource));
  const hosts = useQuery({ ...hostsQueryOptions(), enabled: isAdmin });
  const rows = useMemo(() => {
    const hostsById = new Map((hosts.data ?? []).map((host) => [host.id, host]));
    const leanById = new Map((lean.data ?? []).map((item) => [item.id, item]));
    return (nodes.data ?? [])
      .filter((node) => !node.isStatic)
      .map((node) => toGatewayRow(node, hostsById.get(node.hostId), leanById.get(node.id)));
  }, [nodes.data, hosts.data, lean.data]);
  const gateways = useMemo(() => rows.filter((row) => row.isGateway), [rows]);
  const candidates = useMemo(() => rows.filter(canBeGateway), [rows]);
  return {
    rows,
    gateways,
    candidates,
    isPending: nodes.isPending,
    error: nodes.error,
    refetch: nodes.refetch,
  };
}
