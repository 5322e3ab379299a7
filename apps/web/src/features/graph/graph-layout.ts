/** What placing reads and writes of a node (the graph model's nodes have these and more). */
export interface PlacedNode {
  id: string;
  kind: string;
  colour: string;
  roles: readonly string[];
  size: number;
  x: number;
  y: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Up to this many free-standing hosts sit on one circle (the checklist's circular layout); more fill a disc. */
const MAX_ON_CIRCLE = 60;

const isHub = (node: PlacedNode) => node.kind === 'host' && node.colour !== 'host' && node.roles.length > 0;

/**
 * Positions and sizes, in O(n) and the same every time for the same network (no force layout: 10,000 nodes would
 * take seconds and move on every update). Hosts that hang off no other node sit on a circle, or for a large
 * network on a sunflower disc (even spacing at any count), routing nodes first so they are near the middle; each
 * relayed node, internet-gateway client, remote-access client and egress range circles the node it hangs off.
 */
export function placeNodes(nodes: PlacedNode[], parentOf: ReadonlyMap<string, string>): void {
  const hosts = nodes.filter((node) => node.kind === 'host').length;
  const base = hosts > 2000 ? 2 : hosts > MAX_ON_CIRCLE ? 3 : 6;
  const children = new Map<string, PlacedNode[]>();
  const roots: PlacedNode[] = [];
  for (const node of nodes) {
    node.size = node.kind === 'client' ? base * 0.7 : node.kind === 'range' ? base * 1.2 : base;
    if (isHub(node)) node.size = base * 1.8;
    const parent = parentOf.get(node.id);
    if (parent === undefined) roots.push(node);
    else {
      const siblings = children.get(parent);
      if (siblings) siblings.push(node);
      else children.set(parent, [node]);
    }
  }
  roots.sort((a, b) => Number(isHub(b)) - Number(isHub(a)));
  const placed = new Set<string>();
  const queue: PlacedNode[] = [];
  roots.forEach((node, i) => {
    if (roots.length <= MAX_ON_CIRCLE) {
      const angle = (2 * Math.PI * i) / roots.length;
      const radius = Math.max(10, (roots.length * 6) / (2 * Math.PI));
      node.x = radius * Math.cos(angle);
      node.y = radius * Math.sin(angle);
    } else {
      const radius = 6 * Math.sqrt(i);
      node.x = radius * Math.cos(i * GOLDEN_ANGLE);
      node.y = radius * Math.sin(i * GOLDEN_ANGLE);
    }
    placed.add(node.id);
    queue.push(node);
  });
  // Breadth first, so a parent is placed before the nodes around it (a relayed remote-access gateway's clients).
  for (let head = 0; head < queue.length; head++) {
    const parent = queue[head]!;
    const around = children.get(parent.id) ?? [];
    around.forEach((child, j) => {
      if (placed.has(child.id)) return;
      const radius = 3 + 1.5 * Math.sqrt(j);
      child.x = parent.x + radius * Math.cos(j * GOLDEN_ANGLE);
      child.y = parent.y + radius * Math.sin(j * GOLDEN_ANGLE);
      placed.add(child.id);
      queue.push(child);
    });
  }
  // A node whose parent is not drawn (or a loop of parents) still gets a place, outside the rest.
  let spare = 0;
  for (const node of nodes)
    if (!placed.has(node.id)) {
      const radius = 6 * Math.sqrt(roots.length + spare);
      node.x = radius * Math.cos((roots.length + spare) * GOLDEN_ANGLE);
      node.y = radius * Math.sin((roots.length + spare) * GOLDEN_ANGLE);
      spare++;
    }
}
