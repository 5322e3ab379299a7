import { UNKNOWN_LATENCY_MS } from '@meshdeck/contracts';

/** Spec §4 and §9: a latency above 300 ms is yellow, above 500 ms red; 999 means unknown. */
export const LATENCY_WARN_MS = 300;
export const LATENCY_BAD_MS = 500;

/** How an edge is coloured: by its pair's health, or (structure edges) by the role that draws it. */
export type EdgeTone = 'red' | 'yellow' | 'orange' | 'green' | 'gray' | 'role';

/** The tone of a measured latency in ms (undefined or 999: unknown). */
export function latencyTone(latency: number | undefined): EdgeTone {
  if (latency === undefined || latency === UNKNOWN_LATENCY_MS) return 'gray';
  if (latency > LATENCY_BAD_MS) return 'red';
  if (latency > LATENCY_WARN_MS) return 'yellow';
  return 'green';
}

/** What a graph node is drawn as: its role, or its status when the status is a problem. */
export const nodeColourKeys = [
  'internetGateway',
  'relay',
  'failover',
  'egress',
  'ingress',
  'host',
  'client',
  'range',
  'warning',
  'error',
  'offline',
] as const;
export type NodeColourKey = (typeof nodeColourKeys)[number];

/**
 * Colours WebGL draws with (hex; sigma does not read CSS variables). Chosen to read on both themes' backgrounds;
 * problems (red, yellow, gray) are never a role's colour, so a role never looks like a fault.
 */
export const NODE_COLOURS: Record<NodeColourKey, string> = {
  internetGateway: '#1c7ed6',
  relay: '#7048e8',
  failover: '#e8590c',
  egress: '#0ca678',
  ingress: '#1098ad',
  host: '#5c7cfa',
  client: '#74c0fc',
  range: '#37b24d',
  warning: '#f59f00',
  error: '#e03131',
  offline: '#868e96',
};

export const EDGE_COLOURS: Record<Exclude<EdgeTone, 'role'>, string> = {
  red: '#e03131',
  yellow: '#f59f00',
  orange: '#e8590c',
  green: '#2f9e44',
  gray: '#adb5bd',
};
