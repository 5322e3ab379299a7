import { z } from 'zod';

/**
 * Resources whose changes the server announces on GET /api/v1/events (server-sent events). The console maps each
 * to the first element of its TanStack Query keys and invalidates only those queries.
 */
export const eventResources = [
  'networks',
  'hosts',
  'nodes',
  'enrollment-keys',
  'users',
  'extclients',
  'acls',
  'dns',
  'tags',
  'roles',
  'groups',
  'invites',
  // A node's status moved (healthy, unstable, offline) by the server's clock or its agent's broker session, with no
  // write: a resource of its own, so what follows writes (DNS, access models) does not run again (decision 050).
  'node-status',
  // Alert rules and the alerts they fire or resolve (decision 055).
  'alerts',
  // The white-label branding (Pro): every open console applies the new one without a reload (issue 39).
  'branding',
  // What agents measured moved what a console draws (a pair's reachability, path or latency band), announced at
  // most once per network per couple of seconds; the graph re-reads the network's metrics (decision 056).
  'metrics',
] as const;
export const eventResourceSchema = z.enum(eventResources);
export type EventResource = z.infer<typeof eventResourceSchema>;

/** One change announcement: what changed, never the data itself (clients re-read through the normal routes). */
export const changeEventSchema = z.object({
  resource: eventResourceSchema,
  action: z.enum(['created', 'updated', 'deleted']),
  /** The id of the changed item, when one item changed. */
  id: z.string().optional(),
  /** The network the change belongs to, when it belongs to one. */
  network: z.string().optional(),
  /** The ids of the changed items, when a few changed together (one status sweep); none means re-read them all. */
  ids: z.array(z.string()).optional(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** Name of the SSE event carrying a ChangeEvent as JSON data. */
export const CHANGE_EVENT_NAME = 'change';
/** Seconds between keep-alive comments on an idle stream. */
export const EVENTS_HEARTBEAT_SECONDS = 20;
