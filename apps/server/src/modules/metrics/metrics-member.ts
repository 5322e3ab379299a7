import type { NodeStatus } from '@meshdeck/contracts';

/** A node as metrics name it: its network, its host (whose key seals the reports), the host's name, its status. */
export interface NodeMember {
  id: string;
  network: string;
  hostId: string;
  name: string;
  status: NodeStatus;
}
