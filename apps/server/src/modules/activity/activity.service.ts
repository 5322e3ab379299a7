import type { FastifyRequest } from 'fastify';
import {
  ALL_NETWORKS,
  type ActivityAction,
  type ActivityEvent,
  type ActivityQuery,
  type ActivitySubjectType,
} from '@meshdeck/contracts';
import { canSeeEverything, grantsOf, isNetworkAdmin, type Principal } from '../../auth/access.ts';
import { forbidden } from '../../lib/api-error.ts';
import { redactValue } from '../../lib/redact.ts';
import { nextId, recordCreations, type CreatedByRoute } from './activity.capture.ts';
import { presentActivity } from './activity.presenter.ts';
import type { ActivityRepository, ActivityScope } from './activity.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An entry the server records by itself (no request, no before). */
export interface ServerEntry {
  action: ActivityAction;
  subjectType: ActivitySubjectType;
  targetId: string;
  targetName: string;
  network: string;
  /** Who acted, as shown (e.g. "alerts"). */
  actorName: string;
  details: Record<string, unknown>;
}

/**
 * Who reads which entries: platform admins and auditors all; a network admin the entries of the networks they
 * administer (all of them through an all-networks admin role); everyone their own.
 */
export function scopeOf(principal: Principal): ActivityScope {
  if (principal.kind !== 'user') return { kind: 'scoped', username: '', networks: [], allNetworks: false };
  if (canSeeEverything(principal)) return { kind: 'all' };
  const adminRoles = (grantsOf(principal)?.networkRoles ?? []).filter((role) => role.fullAccess);
  return {
    kind: 'scoped',
    username: principal.username,
    networks: adminRoles.map((role) => role.networkId).filter((id) => id !== ALL_NETWORKS),
    allNetworks: adminRoles.some((role) => role.networkId === ALL_NETWORKS),
  };
}

/** Reads of the activity log and its retention. */
export class ActivityService {
  constructor(
    private readonly repository: ActivityRepository,
    private readonly retentionDays: number,
  ) {}

  /** One page of the entries the caller may read, newest first. */
  async list(principal: Principal, query: ActivityQuery): Promise<ActivityEvent[]> {
    const rows = await this.repository.list(
      {
        networkId: query.network_id,
        username: query.username,
        subjectType: query.subject_type,
        from: query.from_date === undefined ? undefined : new Date(query.from_date).toISOString(),
        to: query.to_date === undefined ? undefined : new Date(query.to_date).toISOString(),
      },
      scopeOf(principal),
      query.page,
      query.per_page,
    );
    return rows.map(presentActivity);
  }

  /** A network's entries: only for callers who see every entry or administer that network (403 otherwise). */
  async listNetwork(principal: Principal, query: ActivityQuery): Promise<ActivityEvent[]> {
    const networkId = query.network_id ?? '';
    if (!canSeeEverything(principal) && !isNetworkAdmin(principal, networkId))
      throw forbidden(`access denied: you do not administer network ${networkId}`);
    return this.list(principal, query);
  }

  /**
   * Records, as `request`'s user, the entries the route `"POST /pattern"` would have written for each item of a set
   * created in one call (an import's DNS entries, decision 060).
   */
  recordCreations(request: FastifyRequest, route: string, created: readonly CreatedByRoute[]): Promise<void> {
    return recordCreations(request, route, created, this.repository);
  }

  /**
   * Records something the server itself did, with no request behind it (an alert rule firing or resolving,
   * decision 055): the actor is the server, the details are the entry's "after".
   */
  async recordServerEntry(entry: ServerEntry): Promise<void> {
    const now = Date.now();
    await this.repository.insert({
      id: nextId(now),
      time_stamp: new Date(now).toISOString(),
      action: entry.action,
      subject_type: entry.subjectType,
      target_id: entry.targetId.slice(0, 512),
      target_name: entry.targetName.slice(0, 512),
      network_id: entry.network.slice(0, 64),
      actor_kind: 'server',
      actor_id: '',
      actor_name: entry.actorName.slice(0, 256),
      origin: 'API',
      client_address: '',
      route: '',
      diff_old: null,
      diff_new: JSON.stringify(redactValue(entry.details)),
    });
  }

  /** Deletes entries older than the retention; returns how many went. */
  prune(now = Date.now()): Promise<number> {
    return this.repository.prune(new Date(now - this.retentionDays * DAY_MS).toISOString());
  }
}
