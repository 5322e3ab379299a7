import { mqttTopics, type HostAction, type RawNode } from '@meshdeck/contracts';

/** Publishes one message to one host (sealed with its traffic key by the broker handle). */
type Publish = (hostId: string, topic: string, payload: string) => Promise<void>;

/**
 * Action messages to agents on `host/update/<hostId>/<server>` (HostUpdate, api-contract §6.2) and node
 * updates on `node/update/<network>/<nodeId>`. A broker outage must not fail the HTTP request that caused the
 * message: agents also pull their state, so failures are reported to the caller's logger and swallowed.
 */
export class HostMessenger {
  constructor(
    private readonly publish: Publish,
    private readonly serverName: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Sends one action to one host. */
  async send(hostId: string, action: HostAction, extra: { Node?: RawNode } = {}): Promise<void> {
    try {
      await this.publish(
        hostId,
        mqttTopics.hostUpdate(hostId, this.serverName),
        JSON.stringify({ Action: action, Host: { id: hostId }, ...extra }),
      );
    } catch (error) {
      this.onError(error);
    }
  }

  /** Sends one action to many hosts, a few at a time. */
  async sendToAll(hostIds: readonly string[], action: HostAction): Promise<void> {
    for (let i = 0; i < hostIds.length; i += 32) {
      await Promise.all(hostIds.slice(i, i + 32).map((id) => this.send(id, action)));
    }
  }

  /** Sends a node's new state to the agent that runs it. */
  async sendNode(node: RawNode): Promise<void> {
    try {
      await this.publish(node.hostid, mqttTopics.nodeUpdate(node.network, node.id), JSON.stringify(node));
    } catch (error) {
      this.onError(error);
    }
  }
}
