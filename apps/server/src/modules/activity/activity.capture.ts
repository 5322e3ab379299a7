import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivityAction } from '@meshdeck/contracts';
import { actionOf, resolveTarget, ruleFor, type TargetContext, type TargetRef } from './activity-targets.ts';
import { describeRows } from './activity-names.ts';
import { sanitizeRows, shownId } from './activity-snapshot.ts';
import type { ActivityRepository, ActivityRow } from './activity.repository.ts';

interface Pending {
  rule: NonNullable<ReturnType<typeof ruleFor>>;
  before: Record<string, unknown>[];
  beforeTarget: TargetRef;
  response?: Record<string, unknown>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Answers above this are not parsed for ids (a host registration's answer is the largest, a few kilobytes).
const MAX_PARSED_ANSWER = 256 * 1024;
const REMOVALS = new Set<ActivityAction>(['DELETE', 'REMOVE_HOST_FROM_NETWORK']);

let sequence = 0;
/** Ids that sort in recording order (time, then a per-process counter), so a page never reorders ties. */
export const nextId = (now: number) =>
  `${now.toString().padStart(13, '0')}-${(sequence++ % 1e6).toString().padStart(6, '0')}-${Math.random()
    .toString(16)
    .slice(2, 10)
    .padEnd(8, '0')}`;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function contextOf(request: FastifyRequest, response: Record<string, unknown> | undefined): TargetContext {
  return {
    params: record(request.params) as Record<string, string>,
    query: record(request.query),
    body: record(request.body),
    response,
  };
}

const nameOf = (row: Record<string, unknown> | undefined, fallback: string): string => {
  for (const key of ['name', 'netid', 'username', 'client_id', 'tag_name', 'email'])
    if (typeof row?.[key] === 'string' && row[key] !== '') return row[key];
  return fallback;
};

/**
 * Records every successful write of the rule table (activity-targets.ts) in one place, as Fastify hooks: the
 * target's stored row is read before the handler runs and again after the answer is sent, so the entry holds the
 * real before and after without any service knowing about the log (decision 035). The handler has committed by
 * the time its answer is serialised, so the second read sees the change.
 */
export function installCapture(
  app: FastifyInstance,
  repository: ActivityRepository,
  onError: (error: unknown) => void,
): void {
  const pending = new WeakMap<FastifyRequest, Pending>();

  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    if (!WRITES.has(request.method) || url === undefined) return;
    const rule = ruleFor(request.method, url);
    if (!rule) return;
    const beforeTarget = resolveTarget(rule, contextOf(request, undefined));
    const before = await describeRows(
      repository,
      beforeTarget.table,
      await repository.snapshot(beforeTarget.table, beforeTarget.where),
    );
    pending.set(request, { rule, before, beforeTarget });
  });

  // Recorded before the answer leaves, so a caller who reads the log right after its write finds the entry.
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = pending.get(request);
    if (!entry || reply.statusCode >= 400) return payload;
    pending.delete(request);
    if (typeof payload === 'string' && payload.length < MAX_PARSED_ANSWER) {
      try {
        entry.response = record(JSON.parse(payload));
      } catch {
        // Not JSON (a plain-text answer): the target is found from the request alone.
      }
    }
    try {
      await repository.insert(await entryFor(request, entry, repository));
    } catch (error) {
      onError(error);
    }
    return payload;
  });
}

async function entryFor(
  request: FastifyRequest,
  entry: Pending,
  repository: ActivityRepository,
): Promise<ActivityRow> {
  const { rule, before, beforeTarget } = entry;
  const action = rule.action ?? actionOf(request.method);
  // A write can move its object (a renamed tag or client): the answer names where it is now.
  const afterTarget = resolveTarget(rule, contextOf(request, entry.response));
  const after = REMOVALS.has(action)
    ? []
    : await describeRows(
        repository,
        afterTarget.table,
        await repository.snapshot(afterTarget.table, afterTarget.where),
      );
  const actor = await actorOf(request, entry.response, repository);
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  return rowOf(request, { rule, action, route, before, beforeTarget, after, afterTarget }, actor);
}

interface Write {
  rule: Pending['rule'];
  action: ActivityAction;
  route: string;
  before: Record<string, unknown>[];
  beforeTarget: TargetRef;
  after: Record<string, unknown>[];
  afterTarget: TargetRef;
}

function rowOf(
  request: FastifyRequest,
  write: Write,
  actor: Pick<ActivityRow, 'actor_kind' | 'actor_id' | 'actor_name'>,
): ActivityRow {
  const { rule, action, before, after, beforeTarget, afterTarget } = write;
  const target = after.length > 0 || before.length === 0 ? afterTarget : beforeTarget;
  const oldRow = sanitizeRows(target.table, before);
  const newRow = sanitizeRows(target.table, after);
  const network =
    target.network ||
    [after[0], before[0]].map((row) => row?.network).find((value) => typeof value === 'string') ||
    '';
  const now = Date.now();
  const sameOrigin =
    request.headers['sec-fetch-site'] === 'same-origin' || request.headers['from-ui'] === 'true';
  return {
    id: nextId(now),
    time_stamp: new Date(now).toISOString(),
    action,
    subject_type: rule.subject,
    target_id: shownId(target.table, target.id).slice(0, 512),
    target_name: shownId(target.table, nameOf(after[0] ?? before[0], target.id)).slice(0, 512),
    network_id: String(network).slice(0, 64),
    ...actor,
    origin: actor.actor_kind === 'host' ? 'CLIENT-APP' : sameOrigin ? 'DASHBOARD' : 'API',
    client_address: request.ip.slice(0, 64),
    route: write.route.slice(0, 256),
    diff_old: oldRow === null ? null : JSON.stringify(oldRow),
    diff_new: newRow === null ? null : JSON.stringify(newRow),
  };
}

/** One creation made for a request without calling the route that makes it alone (an import's set of items). */
export interface CreatedByRoute {
  /** The route's parameters and body, as if it had been called for this item. */
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The stored row, as the route's after-read would find it. */
  row: Record<string, unknown>;
  /** The route's answer, for rules that find the item's id there (a new tag's or policy's). */
  response?: Record<string, unknown>;
}

/**
 * Records, as `request`'s user, the entries the route `"POST /pattern"` would have written for each of `created`
 * (decision 060: an import creates a set of items in one call), in multi-row inserts. Nothing existed before a
 * creation, and the rows are given, so no row is read.
 */
export async function recordCreations(
  request: FastifyRequest,
  route: string,
  created: readonly CreatedByRoute[],
  repository: ActivityRepository,
): Promise<void> {
  const [method = '', url = ''] = route.split(' ');
  const rule = ruleFor(method, url);
  if (!rule) throw new Error(`no activity rule for ${route}`);
  const action = rule.action ?? actionOf(method);
  const actor = await actorOf(request, undefined, repository);
  const targets = created.map((item) =>
    resolveTarget(rule, { params: item.params, query: {}, body: item.body, response: item.response }),
  );
  const table = targets[0]?.table ?? 'none';
  const described = await describeRows(
    repository,
    table,
    created.map((item) => item.row),
  );
  const rows = targets.map((target, i) =>
    rowOf(
      request,
      {
        rule,
        action,
        route,
        before: [],
        beforeTarget: target,
        after: [described[i] ?? {}],
        afterTarget: target,
      },
      actor,
    ),
  );
  await repository.insertMany(rows);
}

/** Who made the change: the signed-in user or host; for sign-ins, sign-ups and joins, who they became. */
async function actorOf(
  request: FastifyRequest,
  response: Record<string, unknown> | undefined,
  repository: ActivityRepository,
): Promise<Pick<ActivityRow, 'actor_kind' | 'actor_id' | 'actor_name'>> {
  const principal = request.principal;
  if (principal.kind === 'user')
    return { actor_kind: 'user', actor_id: principal.username, actor_name: principal.username };
  if (principal.kind === 'host') {
    const name = principal.hostId === '' ? '' : ((await repository.hostName(principal.hostId)) ?? '');
    return { actor_kind: 'host', actor_id: principal.hostId, actor_name: name };
  }
  const host = record(response?.requested_host);
  if (typeof host.id === 'string')
    return {
      actor_kind: 'host',
      actor_id: host.id,
      actor_name: typeof host.name === 'string' ? host.name : '',
    };
  const username = record(request.body).username;
  const name = typeof username === 'string' ? username.slice(0, 256) : '';
  return { actor_kind: 'user', actor_id: name, actor_name: name };
}
