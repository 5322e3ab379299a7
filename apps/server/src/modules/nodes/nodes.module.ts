import type { ApiNode, RawNode } from '@meshdeck/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { EventBus } from '../events/events.public.ts';
import type { PeerEngine } from '../peers/peers.public.ts';
import type { NetworkDirectory, NetworkInfo } from '../networks/networks.public.ts';
import { NodesNetworkUsage } from './network-usage.ts';
import type { NodeMember } from './node-member.ts';
import { recordsOf, type NodeRecords } from './node-records.ts';
import { nodeSettings } from './node-fields.ts';
import type { ConnectivityFact, NodeHealth } from './node-status.ts';
import { NodeListRepository, type NodeListRow } from './node-list.repository.ts';
import { nodeListRoutes } from './node-list.routes.ts';
import { NodeListService } from './node-list.service.ts';
import { presentApiNode, presentRawNode } from './nodes.presenter.ts';
import { NodesRepository, type NodeRow } from './nodes.repository.ts';
import { nodesRoutes } from './nodes.routes.ts';
import { NodesService, type NodesServiceDependencies } from './nodes.service.ts';
import { StatusSweeper, statusEvents } from './status-sweeper.ts';

/** What the nodes module uses. */
export interface NodesModuleDeps {
  database: DatabaseHandle;
  networks: NetworkDirectory;
  peers: PeerEngine;
  events: EventBus;
  lists: ReadCache;
  serverName: string;
  /**
   * The external clients GET /api/nodes and GET /api/nodes/{network} list as static nodes, of every network or of
   * one (the ext-clients module's, wired in app.ts).
   */
  staticNodes?: (netid?: string) => Promise<ApiNode[]>;
  /** Relay and internet-gateway membership asked by a node update (the routing module's rules, wired in app.ts). */
  editRouting?: NodesServiceDependencies['editRouting'];
  /** Node status by the server's clock, shared with every module that shows it (built in app.ts). */
  health: NodeHealth;
  /** How often the sweeper looks for nodes whose status moved (config-status.ts). */
  sweepEveryMs: number;
}

/** What the nodes module offers other modules. */
export interface NodesModule {
  /** The nodes' records for hosts and remote-access clients, joining their units of work. */
  records: NodeRecords;
  /** Node counts and deletion for the networks module (wrapped by keys and roles in app.ts). */
  networkUsage: NodesNetworkUsage;
  /** The network of a node ([] for an unknown id), for the auth plugin's network locators (decision 046). */
  networkOfNode: (nodeId: string) => Promise<string[]>;
  /** The networks a host has nodes in ([] for an unknown host), for the same locators. */
  networksOfHost: (hostId: string) => Promise<string[]>;
  /** Whether a node is a relay, for enrollment keys that name one. */
  findRelay: (nodeId: string) => Promise<{ network: string; isRelay: boolean } | undefined>;
  /** Nodes with their network, host and the host's name (metrics names peers with them). */
  members: {
    find: (nodeId: string) => Promise<NodeMember | undefined>;
    ofNetwork: (network: string) => Promise<NodeMember[]>;
    /** The node's agent reported applying a new peer update at `at` (RFC 3339): its `lastpeerupdate`. */
    peerUpdateApplied: (nodeId: string, at: string) => Promise<void>;
    /** A network's nodes with their status now (alert rules judge them; decision 055). */
    statusesOf: (network: string) => Promise<NodeMember[]>;
    /** Every node of every network. */
    all: () => Promise<NodeMember[]>;
  };
  /**
   * What a node's latest metrics report found of its peers (the metrics module pushes it, decision 058): it may
   * turn an online node `warning` or `error`; a change is announced as a `node-status` event.
   */
  connectivity: (nodeId: string, fact: ConnectivityFact) => void;
  /** A node as the API shows it, as agents get it, and sent to its host. */
  views: {
    api: (row: NodeRow, network: NetworkInfo) => ApiNode;
    /** The same, its network looked up (undefined when the network is gone). */
    present: (row: NodeRow) => Promise<ApiNode | undefined>;
    raw: (row: NodeRow, network: NetworkInfo) => RawNode;
    sendNode: (row: NodeRow, network: NetworkInfo) => Promise<void>;
  };
}

/** The nodes' records outside the app (command-line tools, the other composition root). */
export const nodeRecords = (database: DatabaseHandle): NodeRecords =>
  recordsOf(new NodesRepository(database.db));
/** Nodes, a host's membership of one network (api-contract §2.3), and the console's lean node list. */
export async function register(app: ModuleApp, deps: NodesModuleDeps): Promise<NodesModule> {
  const { database, networks, peers, events, lists, serverName, health } = deps;
  const nodes = new NodesRepository(database.db);
  const service = new NodesService({
    nodes,
    networks,
    peers: peers.queue,
    messenger: peers.messenger,
    events,
    serverName,
    editRouting: deps.editRouting,
    health,
  });
  await app.register(nodesRoutes(service, lists, deps.staticNodes));
  const rows = new NodeListRepository(database.db, database.engine);
  await app.register(nodeListRoutes(new NodeListService(rows, networks, health), lists));
  // Status changes no request causes (agents that stopped checking in) are announced by the sweeper (decision 050).
  const sweeper = new StatusSweeper({
    nodes,
    health,
    events,
    everyMs: deps.sweepEveryMs,
    onError: (error) => app.log.warn({ err: error }, 'node status sweep failed'),
    // Replicas (decision 063): the owner of single-runner work sweeps; the push stream carries it to all consoles.
    isOwner: () => database.work.isOwner(),
  });
  sweeper.start();
  app.addHook('onClose', async () => sweeper.stop());
  const memberOf = (row: NodeListRow, now: number): NodeMember => ({
    id: row.id,
    network: row.network,
    hostId: row.host_id,
    name: row.name,
    status: health.statusOf(row, now),
  });
  return {
    records: recordsOf(nodes),
    networkUsage: new NodesNetworkUsage(nodes),
    networkOfNode: async (nodeId) => {
      const node = await nodes.findById(nodeId);
      return node ? [node.network] : [];
    },
    networksOfHost: async (hostId) => (await nodes.listByHosts([hostId])).map((node) => node.network),
    members: {
      find: async (nodeId) => {
        const node = await nodes.findById(nodeId);
        const [row] = node ? await rows.rows({ network: node.network, ids: [nodeId] }) : [];
        return row && memberOf(row, health.now());
      },
      ofNetwork: async (network) => {
        const now = health.now();
        return (await rows.rows({ network })).map((row) => memberOf(row, now));
      },
      peerUpdateApplied: (nodeId, at) => nodes.markPeerUpdate(nodeId, at),
      statusesOf: async (network) => {
        const now = health.now();
        return (await rows.rows({ network })).map((row) => memberOf(row, now));
      },
      all: async () => {
        const now = health.now();
        return (await rows.everyRow()).map((row) => memberOf(row, now));
      },
    },
    connectivity: (nodeId, fact) => {
      if (health.connectivity(nodeId, fact))
        for (const event of statusEvents([{ id: nodeId, network: fact.network }])) events.publish(event);
    },
    findRelay: async (nodeId) => {
      const node = await nodes.findById(nodeId);
      return node && { network: node.network, isRelay: nodeSettings(node).isrelay };
    },
    views: {
      api: (row, network) => presentApiNode(row, network, serverName, health.statusOf(row)),
      present: async (row) => {
        const network = await networks.find(row.network);
        return network && presentApiNode(row, network, serverName, health.statusOf(row));
      },
      raw: (row, network) => presentRawNode(row, network, serverName),
      sendNode: (row, network) => peers.messenger.sendNode(presentRawNode(row, network, serverName)),
    },
  };
}
