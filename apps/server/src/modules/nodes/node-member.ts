import type { NodeStatus } from '@meshdeck/contracts';

/**
 * A node as other modules name it (metrics, alerts): its network, its host (whose key seals the reports), the
 * host's name, and its status now.
 */
export interface NodeMember {
  id: string;
  network: string;
  hostId: string;
  name: string;
  status: NodeStatus;
}
