import { hostPeerUpdateSchema, mqttTopics, type HostPull, type RawNode } from '@meshdeck/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { applyPeerUpdate, syncStep, type Peer, type SyncPoint } from './peer-state.ts';
import type { ServerApi } from './server-api.ts';
import type { AgentState } from './state.ts';
import { AGENT_VERSION, detectEndpoint, localInterfaces } from './system-info.ts';
import { interfaceAddresses } from './wg-config.ts';
import type { MeshInterface } from './wireguard.ts';

export interface AgentOptions {
  checkInSeconds: number;
  /** A full pull this often repairs anything a missed broker message left behind. */
  pullSeconds: number;
  log: (message: string) => void;
  /** Called when the server deleted this host: the agent has taken its interface down. */
  onDeleted: () => void;
}

/**
 * The running agent: pulls its state, keeps the interface in line with peer updates from the broker (full lists
 * replace, deltas patch), checks in periodically and reacts to host actions.
 */
export class Agent {
  #peers = new Map<string, Peer>();
  /** The server's peer-state version #peers is at; a delta that does not build on it means a missed message. */
  #sync: SyncPoint | undefined;
  #addresses: string[] = [];
  #mqtt: MqttClient | undefined;
  #timers: NodeJS.Timeout[] = [];
  #queue: Promise<void> = Promise.resolve();
  /** The server owns the port (de-confliction, console edits); the pulled host says which one to use. */
  #listenPort: number;

  constructor(
    private readonly state: AgentState,
    private readonly api: ServerApi,
    private readonly mesh: MeshInterface,
    private readonly options: AgentOptions,
  ) {
    this.#listenPort = state.listenPort;
  }

  /** Pulls, connects to the broker and starts the check-in and re-pull timers. */
  async start(): Promise<void> {
    const pull = await this.api.pull();
    await this.applyPull(pull);
    const { Broker, Server } = pull.server_config;
    const client = mqtt.connect(Broker, { username: this.state.hostId, password: this.state.hostPassword, reconnectPeriod: 2000 });
    this.#mqtt = client;
    client.on('connect', () => {
      const topics = [mqttTopics.peerUpdate(this.state.hostId, Server), mqttTopics.hostUpdate(this.state.hostId, Server)];
      // Messages sent while disconnected are lost (they are not retained), so every (re)connect pulls afresh.
      client.subscribeAsync(topics).then(() => this.enqueue(async () => this.applyPull(await this.api.pull())), (e: unknown) => this.options.log(`subscribe failed: ${String(e)}`));
    });
    client.on('message', (topic, payload) => this.enqueue(() => this.onMessage(topic, payload.toString())));
    client.on('error', (error) => this.options.log(`broker: ${error.message}`));
    await this.checkIn();
    this.#timers.push(setInterval(() => this.enqueue(() => this.checkIn()), this.options.checkInSeconds * 1000));
    this.#timers.push(setInterval(() => this.enqueue(async () => this.applyPull(await this.api.pull())), this.options.pullSeconds * 1000));
  }

  /** Stops timers and the broker connection (the interface stays up). */
  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    await this.#mqtt?.endAsync(true);
  }

  /** Current peers, for tests and logs. */
  get peers(): ReadonlyMap<string, Peer> {
    return this.#peers;
  }

  private enqueue(work: () => Promise<void>): void {
    this.#queue = this.#queue.then(work).catch((error: unknown) => this.options.log(`error: ${error instanceof Error ? error.message : String(error)}`));
  }

  private async onMessage(topic: string, text: string): Promise<void> {
    const body: unknown = JSON.parse(text);
    if (topic.startsWith('peers/host/')) {
      const update = hostPeerUpdateSchema.safeParse(body);
      if (!update.success) return this.options.log(`ignored a malformed peer update: ${update.error.message}`);
      const { peer_sync: sync, replace_peers: isFull } = update.data;
      const step = syncStep(this.#sync, sync, isFull);
      if (step === 'skip') return;
      if (step === 'pull') {
        this.options.log(`peer update ${sync?.version ?? '?'} does not follow ${this.#sync?.version ?? 'none'}: pulling in full`);
        return this.applyPull(await this.api.pull());
      }
      this.#peers = applyPeerUpdate(this.#peers, update.data.host_peers, isFull);
      if (sync) this.#sync = { epoch: sync.epoch, version: sync.version };
      if (isFull && update.data.host) this.#addresses = interfaceAddresses(update.data.nodes);
      return this.configure();
    }
    const action = typeof body === 'object' && body !== null && 'Action' in body ? String(body.Action) : '';
    if (action === 'DELETE_HOST') {
      await this.stop();
      await this.mesh.down();
      this.options.onDeleted();
    } else if (['REQ_PULL', 'JOIN_HOST_TO_NETWORK', 'UPDATE_HOST', 'REQ_ACK'].includes(action)) {
      await this.applyPull(await this.api.pull());
    } else {
      this.options.log(`host action ${action} is not supported by this agent`);
    }
  }

  private async applyPull(pull: HostPull): Promise<void> {
    await this.leavePendingNodes(pull.nodes);
    if (pull.host.listenport > 0) this.#listenPort = pull.host.listenport;
    this.#peers = applyPeerUpdate(this.#peers, pull.peers, true);
    this.#sync = pull.peer_sync && { epoch: pull.peer_sync.epoch, version: pull.peer_sync.version };
    this.#addresses = interfaceAddresses(pull.nodes);
    await this.configure();
  }

  /** Nodes the console removed without force wait for their agent to delete them (api-contract §5.5). */
  private async leavePendingNodes(nodes: RawNode[]): Promise<void> {
    for (const node of nodes.filter((n) => n.pendingdelete || n.action === 'delete')) await this.api.deleteNode(node.network, node.id);
  }

  private async configure(): Promise<void> {
    await this.mesh.apply(this.#addresses, { privateKey: this.state.privateKey, listenPort: this.#listenPort, peers: this.#peers });
    this.options.log(`configured ${this.#addresses.join(', ') || 'no addresses'} with ${this.#peers.size} peer(s)`);
  }

  private async checkIn(): Promise<void> {
    await this.api.checkIn({
      version: AGENT_VERSION,
      endpointip: await detectEndpoint(this.api.baseUrl),
      listenport: this.#listenPort,
      interfaces: localInterfaces(this.state.interfaceName),
    });
  }
}
