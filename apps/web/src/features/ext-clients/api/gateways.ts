import { useMemo } from 'react';
import { useHosts } from '@/lib/api/get-hosts.ts';
import { useNetworkNodes } from '@/lib/api/get-nodes.ts';
import type { HostView } from '@/lib/api/host-view.ts';
import type { NodeView } from '@/lib/api/node-view.ts';

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

/** Joins a node with its host (looked up in a Map built once per host list). */
export function toGatewayRow(node: NodeView, host: HostView | undefined): GatewayRow {
  return {
    id: node.id,
    network: node.network,
    hostId: node.hostId,
    name: host?.name ?? node.hostId,
    os: host?.os ?? '',
    address: node.address,
    address6: node.address6,
    endpoint: host?.endpoint ?? '',
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
  const nodes = useNetworkNodes(networkId);
  const hosts = useHosts();
  const rows = useMemo(() => {
    const hostsById = new Map((hosts.data ?? []).map((host) => [host.id, host]));
    return (nodes.data ?? [])
      .filter((node) => !node.isStatic)
      .map((node) => toGatewayRow(node, hostsById.get(node.hostId)));
  }, [nodes.data, hosts.data]);
  const gateways = useMemo(() => rows.filter((row) => row.isGateway), [rows]);
  const candidates = useMemo(() => rows.filter(canBeGateway), [rows]);
  return {
    rows,
    gateways,
    candidates,
    isPending: nodes.isPending || hosts.isPending,
    error: nodes.error ?? hosts.error,
  };
}
