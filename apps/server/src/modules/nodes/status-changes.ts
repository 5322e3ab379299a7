import type { EventBus } from '../events/events.public.ts';
import { checkInStatus, type NodeHealth, type StatusInput } from './node-status.ts';
import { statusEvents } from './status-sweeper.ts';

type HostNode = StatusInput & { id: string; network: string };

/**
 * Announces the status changes that requests cause, where they happen: an agent checking in (unstable or offline
 * back to healthy) and an agent's broker session opening or closing. One indexed read of the host's nodes each.
 */
export class StatusChanges {
  constructor(
    private readonly d: {
      nodes: { checkInsOfHost(hostId: string): Promise<HostNode[]> };
      health: NodeHealth;
      events: EventBus;
    },
  ) {}

  /** The status clock's time (epoch ms): check-ins are stamped with it, so status and sweeps agree. */
  now(): number {
    return this.d.health.now();
  }

  /** Records a check-in at `at` with `touch` and announces the host's nodes it brought back. */
  async checkIn(hostId: string, at: string, touch: () => Promise<void>): Promise<void> {
    const nodes = await this.d.nodes.checkInsOfHost(hostId);
    await touch();
    this.#announce(nodes, (node, now) => this.d.health.statusOf({ ...node, last_check_in: at }, now));
  }

  /** Records an agent's first broker session opening or its last one closing, and announces what that moved. */
  async brokerSession(hostId: string, isOpen: boolean): Promise<void> {
    // Recorded at once, in the order the broker reports sessions; only the announcement waits for the read.
    const lostBefore = this.d.health.brokerSession(hostId, isOpen);
    const nodes = await this.d.nodes.checkInsOfHost(hostId);
    const { thresholds } = this.d.health;
    this.#announce(
      nodes,
      (node, now) => this.d.health.statusOf(node, now),
      (node, now) => checkInStatus(node, now, thresholds, lostBefore),
    );
  }

  #announce(
    nodes: HostNode[],
    after: (node: HostNode, now: number) => string,
    before: (node: HostNode, now: number) => string = (node, now) => this.d.health.statusOf(node, now),
  ): void {
    const now = this.d.health.now();
    const changed = nodes.filter((node) => after(node, now) !== before(node, now));
    for (const event of statusEvents(changed)) this.d.events.publish(event);
  }
}
