import type { KeyObject } from 'node:crypto';
import {
  dnsSyncMessageSchema,
  dnsUpdateMessageSchema,
  mqttTopics,
  parseHostPeerUpdate,
  type HostPull,
  type RawNode,
} from '@meshdeck/contracts';
import type { AgentOptions } from './agent-options.ts';
import { RECONNECT_BACKOFF, backoffDelay } from './backoff.ts';
import { AgentWork, serverAddresses } from './agent-work.ts';
import { BrokerConnection } from './broker-connection.ts';
import { MetricsReporter } from './metrics-reporter.ts';
import { openPayload, payloadKey } from './payload-open.ts';
import { applyPeerUpdate, fromPeerConfig, syncStep, type Peer, type SyncPoint } from './peer-state.ts';
import { FailoverControl } from './failover-control.ts';
import { WATCH_INTERVAL_MS } from './path-watch.ts';
import { HostsFile } from './hosts-file.ts';
import { MeshRouting } from './mesh-routing.ts';
import { gatewayRole, withInboundFilter, type RoutingPlan } from './routing-plan.ts';
import { RoutingReporter, configurationSummary, reportOf } from './routing-report.ts';
import { discoverEndpoint } from './endpoint-discovery.ts';
import { rotateKeys } from './host-actions.ts';
import type { ServerApi } from './server-api.ts';
import type { AgentState } from './state.ts';
import { ThrottledLog } from './throttled-log.ts';
import { AGENT_VERSION, localInterfaces } from './system-info.ts';
import { interfaceAddresses } from './wg-config.ts';
import type { MeshInterface } from './wireguard.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The running agent: pulls its state, keeps the interface in line with peer updates from the broker (full lists
 * replace, deltas patch), checks in periodically and reacts to host actions.
 */
export class Agent {
  #peers = new Map<string, Peer>();
  /** The server's peer-state version #peers is at; a delta that does not build on it means a missed message. */
  #sync: SyncPoint | undefined;
  #addresses: string[] = [];
  /** Set while a node of this host is a remote-access gateway (from the last full pull or full update). */
  #gateway: RoutingPlan['gateway'];
  #broker: BrokerConnection | undefined;
  #timers: NodeJS.Timeout[] = [];
  #stopped = false;
  #resyncing = false;
  readonly #log: ThrottledLog;
  /** Opens the server's sealed messages (api-contract §6.3). */
  readonly #key: KeyObject;
  readonly #work: AgentWork;
  #lastSummary = '';
  /** The server owns the port (de-confliction, console edits); the pulled host says which one to use. */
  #listenPort: number;
  /** Relays, egress and internet gateways: the server's routing state and the agent's own router choices. */
  readonly #routing: MeshRouting;
  /** The server's addresses (API and broker hosts, names resolved at each pull): never routed into the tunnel. */
  #serverAddresses: string[] = [];
  /** Sends the routing picture to the server whenever it changes, for the console. */
  readonly #reporter: RoutingReporter;
  /** Failover asks and fall-backs (only where WireGuard's counters can be read: not on a dry run). */
  readonly #failover: FailoverControl | undefined;
  /** The networks' DNS names (pulls, DNS_SYNC and DNS_UPDATE messages), when the agent was given a hosts file. */
  readonly #hosts: HostsFile | undefined;
  /** This host's nodes (one per network), from the last full pull or full update: metrics go out per node. */
  #nodes: RawNode[] = [];
  #serverName = '';
  /** Per-peer metrics on the broker (issue 41), when WireGuard's counters can be read (not on a dry run). */
  readonly #metrics: MetricsReporter | undefined;

  constructor(
    private readonly state: AgentState,
    private readonly api: ServerApi,
    private readonly mesh: MeshInterface,
    private readonly options: AgentOptions,
  ) {
    this.#listenPort = state.listenPort;
    this.#log = new ThrottledLog(options.log);
    this.#work = new AgentWork(this.#log, { hostId: state.hostId, joinCommand: options.joinCommand });
    this.#key = payloadKey(state.trafficKey);
    this.#hosts = options.hostsFile ? new HostsFile(options.hostsFile, options.log) : undefined;
    this.#routing = new MeshRouting({
      iface: state.interfaceName,
      // A probe changed the picture: reconfigure in turn with everything else, never waiting for the server.
      onChange: () => this.#work.enqueue('configure', () => this.configure()),
      log: options.log,
      internetFailMode: options.internetFailMode,
      serverAddresses: () => this.#serverAddresses,
      statusFile: options.routingStatusFile,
      respond: options.answerProbes ?? false,
      attached: () =>
        localInterfaces(state.interfaceName).map((i) => ({ cidr: i.addressString, name: i.name })),
    });
    this.#reporter = new RoutingReporter(
      (status) => api.reportRoutingStatus(reportOf(status)),
      (error) => this.#work.report('routing-report', error),
      () => this.#work.recovered('routing-report'),
    );
    const peerStats = mesh.peerStats?.bind(mesh);
    this.#failover = peerStats ? new FailoverControl(api, peerStats, options.log, this.#log) : undefined;
    this.#metrics = peerStats
      ? new MetricsReporter(
          {
            nodes: () => this.#nodes,
            peers: () => this.#peers,
            peerIds: () => this.#failover?.reportedPeerIds(this.#routing.peerIds) ?? this.#routing.peerIds,
            failedOver: () => this.#failover?.failedOver(this.#routing.peerIds) ?? new Map(),
            appliedPeerVersion: () => this.#sync?.version,
            peerStats,
            serverName: () => this.#serverName,
            isConnected: () => this.#broker?.isConnected ?? false,
            publish: async (topic, payload) => void (await this.#broker?.publish(topic, payload)),
          },
          this.#key,
          (error) => this.#work.report('metrics', error),
          () => this.#work.recovered('metrics'),
        )
      : undefined;
  }

  /**
   * Pulls (retrying until the server answers), connects to the broker and starts the check-in and re-pull timers.
   * Outages of the server or the broker never stop the agent: the tunnels stay as they are while it retries.
   */
  async start(): Promise<void> {
    const pull = await this.pullUntilAnswered();
    await this.applyPull(pull);
    const { Broker, Server, MQUserName, MQPassword } = pull.server_config;
    this.#serverName = Server;
    // Servers before per-host broker accounts sent the literal HOST_ID / HOST_PASS: sign in with the host's own.
    const legacy = MQUserName === '' || MQUserName === 'HOST_ID';
    this.#broker = new BrokerConnection({
      url: Broker,
      username: legacy ? this.state.hostId : MQUserName,
      password: legacy ? this.state.hostPassword : MQPassword,
      topics: [
        mqttTopics.peerUpdate(this.state.hostId, Server),
        mqttTopics.hostUpdate(this.state.hostId, Server),
      ],
      onMessage: (topic, payload) => this.#work.enqueue('message', () => this.onMessage(topic, payload)),
      // Messages sent while disconnected are lost (they are not retained), so every (re)connect pulls afresh;
      // the server may have restarted too, forgetting the routing report it keeps in memory.
      onReady: () => {
        this.resync();
        this.#reporter.resend();
      },
      log: this.#log,
      ...(this.options.backoff ? { backoff: this.options.backoff } : {}),
    });
    this.#broker.start();
    this.#work.enqueue('check-in', () => this.checkIn());
    this.#timers.push(
      setInterval(() => {
        this.#work.enqueue('check-in', () => this.checkIn());
        // No broker, no pushed updates: fall back to pulling at the check-in pace until it is back.
        if (!this.isBrokerConnected)
          this.#work.enqueue('pull', async () => this.applyPull(await this.api.pull()));
      }, this.options.checkInSeconds * 1000),
    );
    this.#timers.push(
      setInterval(
        () => this.#work.enqueue('pull', async () => this.applyPull(await this.api.pull())),
        this.options.pullSeconds * 1000,
      ),
    );
    // Metrics (issue 41): every interval in full (pings through the tunnel), and a cheap check of the handshakes
    // every few seconds that sends a report at once when a peer's reachability changed.
    const metrics = this.#metrics;
    if (metrics) {
      const fullMs = (this.options.metricsSeconds ?? 60) * 1000;
      this.#timers.push(setInterval(() => void metrics.measure(false), fullMs));
      this.#timers.push(setInterval(() => void metrics.measure(true), Math.min(5_000, fullMs)));
    }
    // Failover checks (every second: decision 057) read WireGuard, probe silent peers and call the server, outside
    // the queue: they never hold up a reconfiguration.
    const failover = this.#failover;
    if (failover)
      this.#timers.push(
        setInterval(
          () =>
            void failover.check(this.#peers, this.#routing.peerIds).then(
              () => this.#work.recovered('failover'),
              (error: unknown) => this.#work.report('failover', error),
            ),
          WATCH_INTERVAL_MS,
        ),
      );
  }

  /** Stops timers and the broker connection (the interface stays up). */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#routing.stop();
    this.#failover?.stop();
    await this.#broker?.stop();
  }

  /** True while the agent is subscribed on a live broker connection. */
  get isBrokerConnected(): boolean {
    return this.#broker?.isConnected ?? false;
  }

  /** Current peers, for tests and logs. */
  get peers(): ReadonlyMap<string, Peer> {
    return this.#peers;
  }

  /** The first pull: without it there is nothing to apply and no broker to connect to, so it waits for the server. */
  private async pullUntilAnswered(): Promise<HostPull> {
    for (let attempt = 0; ; attempt++) {
      try {
        const pull = await this.api.pull();
        this.#work.recovered('pull');
        return pull;
      } catch (error) {
        this.#work.report('pull', error);
        await sleep(backoffDelay(attempt, this.options.backoff ?? RECONNECT_BACKOFF));
      }
    }
  }

  /** Pulls after a broker (re)connect, retrying with backoff while the server's API is not answering yet. */
  private resync(): void {
    if (this.#resyncing) return;
    this.#resyncing = true;
    void (async () => {
      for (let attempt = 0; !this.#stopped; attempt++) {
        try {
          await this.#work.run(async () => this.applyPull(await this.api.pull()));
          this.#work.recovered('pull');
          break;
        } catch (error) {
          this.#work.report('pull', error);
          await sleep(backoffDelay(attempt, this.options.backoff ?? RECONNECT_BACKOFF));
        }
      }
      this.#resyncing = false;
    })();
  }

  private async onMessage(topic: string, payload: Buffer): Promise<void> {
    let text: string;
    try {
      text = openPayload(this.#key, payload);
    } catch {
      return this.#log.warn(
        'unsealed',
        `ignored a message on ${topic}: it is not sealed with this host's traffic key`,
      );
    }
    const body: unknown = JSON.parse(text);
    if (topic.startsWith('peers/host/')) {
      // The schema's answer, without zod's cost on a whole list of thousands of peers (issue 32 bench).
      const update = parseHostPeerUpdate(body);
      if (!update.success)
        return this.#log.warn('malformed', `ignored a malformed peer update: ${update.error.message}`);
      const { peer_sync: sync, replace_peers: isFull } = update.data;
      const step = syncStep(this.#sync, sync, isFull);
      if (step === 'skip') return;
      if (step === 'pull') {
        this.options.log(
          `peer update ${sync?.version ?? '?'} does not follow ${this.#sync?.version ?? 'none'}: pulling in full`,
        );
        return this.applyPull(await this.api.pull());
      }
      this.#peers = applyPeerUpdate(this.#peers, update.data.host_peers, isFull);
      if (sync) this.#sync = { epoch: sync.epoch, version: sync.version };
      // A delta's removed peers lose their identity unless it comes again (unpeered: relayed or blocked).
      const removed = isFull
        ? []
        : update.data.host_peers.filter((p) => p.Remove).map((p) => fromPeerConfig(p).publicKey);
      this.#routing.update(update.data, update.data.peerids, isFull, removed);
      if (isFull && update.data.host) {
        this.#nodes = update.data.nodes;
        this.#failover?.nodes(update.data.nodes);
        this.#addresses = interfaceAddresses(update.data.nodes);
        this.#gateway = gatewayRole(update.data.nodes);
      }
      return this.configure();
    }
    const action = typeof body === 'object' && body !== null && 'Action' in body ? String(body.Action) : '';
    if (action === 'DNS_SYNC') {
      const sync = dnsSyncMessageSchema.safeParse(body);
      if (!sync.success)
        return this.#log.warn('malformed', `ignored a malformed DNS_SYNC: ${sync.error.message}`);
      if (this.#hosts) this.#hosts.replaceNetwork(sync.data.DNS.network, sync.data.DNS.entries);
    } else if (action === 'DNS_UPDATE') {
      const update = dnsUpdateMessageSchema.safeParse(body);
      if (!update.success)
        return this.#log.warn('malformed', `ignored a malformed DNS_UPDATE: ${update.error.message}`);
      const { network, added, removed } = update.data.DNS;
      this.#hosts?.applyUpdate(network, added, removed);
    } else if (action === 'DELETE_HOST') {
      this.#hosts?.clear();
      await this.stop();
      await this.mesh.down();
      this.options.onDeleted();
    } else if ((action === 'UPGRADE' || action === 'FORCE_UPGRADE') && this.options.onUpgrade) {
      await this.options.onUpgrade(action === 'FORCE_UPGRADE');
    } else if (action === 'UPDATE_KEYS') {
      await this.refreshKeys();
    } else if (['REQ_PULL', 'JOIN_HOST_TO_NETWORK', 'UPDATE_HOST', 'REQ_ACK'].includes(action)) {
      await this.applyPull(await this.api.pull());
      // The console's "sync": confirm it, since an unchanged configuration logs nothing else.
      if (action === 'REQ_PULL') this.options.log("sync: pulled at the server's request");
    } else {
      this.#log.info(`host action ${action} is not supported by this agent`);
    }
  }

  /** UPDATE_KEYS: a new key pair, saved, reported, then applied (see rotateKeys for the order). */
  private async refreshKeys(): Promise<void> {
    const outcome = await rotateKeys(this.state, {
      persist: (state) => this.options.persistState?.(state),
      report: (publicKey) => this.api.updateHost({ publickey: publicKey }),
      apply: () => this.configure(),
    });
    if (outcome.reported) this.options.log(`keys refreshed: new public key ${this.state.publicKey}`);
    else this.#work.report('key-report', outcome.error);
  }

  private async applyPull(pull: HostPull): Promise<void> {
    await this.leavePendingNodes(pull.nodes);
    if (pull.host.listenport > 0) this.#listenPort = pull.host.listenport;
    this.#peers = applyPeerUpdate(this.#peers, pull.peers, true);
    this.#sync = pull.peer_sync && { epoch: pull.peer_sync.epoch, version: pull.peer_sync.version };
    this.#routing.update(pull, pull.peer_ids, true);
    this.#serverAddresses = await serverAddresses([this.api.baseUrl, pull.server_config.Broker]);
    this.#failover?.nodes(pull.nodes);
    this.#nodes = pull.nodes;
    this.#addresses = interfaceAddresses(pull.nodes);
    this.#gateway = gatewayRole(pull.nodes);
    if (pull.dns_entries)
      this.#hosts?.replaceAll(
        pull.dns_entries,
        pull.nodes.map((node) => node.network),
      );
    await this.configure();
    await this.options.onPull?.(pull);
  }

  /** Nodes the console removed without force wait for their agent to delete them (api-contract §5.5). */
  private async leavePendingNodes(nodes: RawNode[]): Promise<void> {
    for (const node of nodes.filter((n) => n.pendingdelete || n.action === 'delete'))
      await this.api.deleteNode(node.network, node.id);
  }

  private async configure(): Promise<void> {
    const plan = this.#routing.plan(this.#addresses, this.#peers, this.#gateway, this.mesh.firewall);
    const routing = withInboundFilter(plan.routing, this.#routing.peerIds, this.state.interfaceName);
    const peers = this.#failover?.peers(plan.peers, this.#routing.peerIds) ?? plan.peers;
    await this.mesh.apply(
      this.#addresses,
      { privateKey: this.state.privateKey, listenPort: this.#listenPort, peers },
      routing,
    );
    this.#routing.applied(this.mesh.firewall);
    const status = this.#routing.status;
    if (status) this.#reporter.changed(status);
    const summary = configurationSummary(this.#addresses, this.#peers.size, routing.routes, status);
    // Pulls repeat (every check-in while the broker is away): say it only when the picture changed.
    if (summary !== this.#lastSummary) this.options.log(summary);
    this.#lastSummary = summary;
  }

  private async checkIn(): Promise<void> {
    // A firewall tool installed or removed since the start: use it (apply again) and report it below.
    if (await this.mesh.redetectFirewall?.()) this.#work.enqueue('configure', () => this.configure());
    const { error: stunError, ...endpoint } = await discoverEndpoint(
      this.api.baseUrl,
      this.options.stunServer,
    );
    if (stunError) this.#work.report('stun', stunError);
    await this.api.checkIn({
      version: AGENT_VERSION,
      // Repeats the current key, so a rotation whose report failed reaches the server at the next check-in.
      publickey: this.state.publicKey,
      ...endpoint,
      listenport: this.#listenPort,
      interfaces: localInterfaces(this.state.interfaceName),
      // Repeated so a tool installed (or removed) since the join reaches the server once it reads it at check-in.
      ...(this.mesh.firewall ? { firewallinuse: this.mesh.firewall.kind } : {}),
    });
    // A report the server did not take (it was away) goes again now that it answers.
    this.#reporter.retry();
  }
}
