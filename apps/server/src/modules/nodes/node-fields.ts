import type { EgressRange } from '@meshdeck/contracts';
import type { NodeRow } from './nodes.repository.ts';

/** Gateway, relay and failover fields kept as JSON in `nodes.settings`; their own routes edit them. */
export interface NodeSettings {
  isrelay: boolean;
  isrelayed: boolean;
  relayedby: string;
  relaynodes: string[];
  isegressgateway: boolean;
  egressgatewayranges: string[];
  egressgatewaynatenabled: boolean;
  /** Each egress range with its route metric and NAT flag (the v1.5 form; `egressgatewayranges` lists the same). */
  egressgatewayranges_with_metric: EgressRange[];
  isingressgateway: boolean;
  ingressdns: string;
  ingressmtu: number;
  ingresspersistentkeepalive: number;
  dnson: boolean;
  metadata: string;
  isinternetgateway: boolean;
  internetgw_node_id: string;
  inet_node_client_ids: string[];
  additional_rag_ips: string[];
  is_fail_over: boolean;
  failed_over_by: string;
  fail_over_peers: string[];
}

export const DEFAULT_NODE_SETTINGS: NodeSettings = {
  isrelay: false,
  isrelayed: false,
  relayedby: '',
  relaynodes: [],
  isegressgateway: false,
  egressgatewayranges: [],
  egressgatewaynatenabled: false,
  egressgatewayranges_with_metric: [],
  isingressgateway: false,
  ingressdns: '',
  ingressmtu: 0,
  ingresspersistentkeepalive: 0,
  dnson: false,
  metadata: '',
  isinternetgateway: false,
  internetgw_node_id: '',
  inet_node_client_ids: [],
  additional_rag_ips: [],
  is_fail_over: false,
  failed_over_by: '',
  fail_over_peers: [],
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const nodeSettings = (row: Pick<NodeRow, 'settings'>): NodeSettings => {
  const value = parse(row.settings);
  return { ...DEFAULT_NODE_SETTINGS, ...(typeof value === 'object' && value !== null ? value : {}) };
};

export const nodeTags = (row: Pick<NodeRow, 'tags'>): string[] => {
  const value = parse(row.tags);
  return Array.isArray(value) ? value.map(String) : [];
};

/** 100 years and a month after creation (api-contract §3.14.2): nodes effectively never expire by default. */
export function nodeExpiry(now: Date): string {
  const expiry = new Date(now);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 100, expiry.getUTCMonth() + 1);
  return expiry.toISOString();
}
