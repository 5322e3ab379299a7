import { z } from 'zod';
import { dnsEntrySchema } from './dns.ts';
import { rawHostSchema } from './agent-hosts.ts';
import { wireSetSchema } from './envelope.ts';
import { egressRangeMetricSchema, hostRoutingSchema } from './routing.ts';
import { ipNetSchema, peerConfigSchema } from './wire.ts';

/** Raw Node (api-contract §3.14.2): the agent-facing form, addresses as IPNet and times as RFC3339. */
export const rawNodeSchema = z.object({
  id: z.string(),
  hostid: z.string(),
  network: z.string(),
  networkrange: ipNetSchema,
  networkrange6: ipNetSchema,
  server: z.string(),
  connected: z.boolean(),
  address: ipNetSchema,
  address6: ipNetSchema,
  action: z.enum(['noop', 'delete', 'force', 'pending']),
  localaddress: ipNetSchema,
  isegressgateway: z.boolean(),
  egressgatewayranges: z.array(z.string()),
  isingressgateway: z.boolean(),
  isrelayed: z.boolean(),
  relayedby: z.string(),
  isrelay: z.boolean(),
  relaynodes: z.array(z.string()),
  ingressdns: z.string(),
  // Routing fields (api-contract §3.14.2); optional so an agent still reads an older server's nodes.
  egressgatewaynatenabled: z.boolean().optional(),
  egressgatewayranges_with_metric: z.array(egressRangeMetricSchema).optional(),
  isinternetgateway: z.boolean().optional(),
  inet_node_req: z.object({ inet_node_client_ids: z.array(z.string()) }).optional(),
  internetgw_node_id: z.string().optional(),
  is_fail_over: z.boolean().optional(),
  fail_over_peers: wireSetSchema.optional(),
  failed_over_by: z.string().optional(),
  pendingdelete: z.boolean(),
  lastmodified: z.string(),
  lastcheckin: z.string(),
  lastpeerupdate: z.string(),
  expdatetime: z.string(),
  metadata: z.string(),
  tags: wireSetSchema,
});
export type RawNode = z.infer<typeof rawNodeSchema>;

/** ServerConfig for agents (api-contract §3.15, PascalCase keys). */
export const agentServerConfigSchema = z.object({
  CoreDNSAddr: z.string(),
  API: z.string(),
  APIHost: z.string(),
  APIPort: z.string(),
  GRPC: z.string(),
  DNSMode: z.string(),
  Version: z.string(),
  MQPort: z.string(),
  /** The host's own broker account (user = host id); earlier Meshdeck servers sent `HOST_ID` / `HOST_PASS` literally. */
  MQUserName: z.string(),
  MQPassword: z.string(),
  BrokerType: z.string(),
  Server: z.string(),
  Broker: z.string(),
  Is_EE: z.boolean(),
  TrafficKey: z.string(),
  MetricInterval: z.string(),
  MetricsPort: z.number().int(),
  IPDetectionInterval: z.number().int(),
  ManageDNS: z.boolean(),
  Stun: z.boolean(),
  StunServers: z.string(),
  EndpointDetection: z.boolean(),
  DefaultDomain: z.string(),
  PeerConnectionCheckInterval: z.string(),
});
export type AgentServerConfig = z.infer<typeof agentServerConfigSchema>;

/** `IDandAddr`, values of a PeerMap keyed by peer public key (base64). */
export const peerIdentitySchema = z.object({
  id: z.string(),
  host_id: z.string(),
  address: z.string(),
  address4: z.string(),
  address6: z.string(),
  name: z.string(),
  isserver: z.string(),
  network: z.string(),
  listen_port: z.number().int(),
  is_extclient: z.boolean(),
  username: z.string(),
  /**
   * Meshdeck (issue 32, decision 033): what this peer may open toward the receiver when access control narrows
   * it, as canonical rules (`tcp/443`, `udp/8000-9000`, `icmp`, `tcp`); absent means everything. The receiving
   * agent's packet filter applies it to new traffic from the peer's addresses (replies always pass).
   */
  allowed_inbound: z.array(z.string()).optional(),
  /**
   * Meshdeck (issue 41): the receiver has no WireGuard peer for this node, and why: `relayed` (a relay or the
   * failover node carries it; another peer's allowed IPs hold its address) or `blocked_by_policy` (access control
   * denies the pair). Sent so the receiving agent's metrics still name the pair; nothing is configured from it.
   */
  unpeered: z.enum(['relayed', 'blocked_by_policy']).optional(),
});
export const peerMapSchema = z.record(z.string(), peerIdentitySchema);
export type PeerMap = z.infer<typeof peerMapSchema>;

/**
 * RegisterResponse of POST /api/v1/host/register/{token}. Registration here is synchronous, so besides the
 * contract's two fields it also returns the created nodes and a first host token (additive extras).
 */
export const registerResponseSchema = z.object({
  server_config: agentServerConfigSchema,
  requested_host: rawHostSchema,
  nodes: z.array(rawNodeSchema),
  auth_token: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** The populated subset of HostPull (GET /api/v1/host, api-contract §3.14.3). */
export const hostPullSchema = z.object({
  host: rawHostSchema,
  nodes: z.array(rawNodeSchema),
  peers: z.array(peerConfigSchema),
  server_config: agentServerConfigSchema,
  peer_ids: peerMapSchema,
  replace_peers: z.boolean(),
  endpoint_detection: z.boolean(),
  change_default_gw: z.boolean(),
  is_inet_gw: z.boolean(),
  ...hostRoutingSchema.omit({ change_default_gw: true, is_inet_gw: true }).partial().shape,
  /** Meshdeck extra (decision 034): every DNS entry of the host's networks, as DNS_SYNC messages send them. */
  dns_entries: z.array(dnsEntrySchema).optional(),
  /** Meshdeck extra: the peer-state version these peers are at (see peerSyncSchema). */
  peer_sync: z
    .object({ epoch: z.string(), version: z.number().int().nonnegative(), base: z.null() })
    .optional(),
});
export type HostPull = z.infer<typeof hostPullSchema>;
