import { ALL_NETWORKS, type ActivityEvent, type ActivityQuery } from '@meshdeck/contracts';
import { canSeeEverything, grantsOf, isNetworkAdmin, type Principal } from '../../auth/access.ts';
import { forbidden } from '../../lib/api-error.ts';
import { presentActivity } from './activity.presenter.ts';
import type { ActivityRepository, ActivityScope } from './activity.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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

  /** Deletes entries older than the retention; returns how many went. */
  prune(now = Date.now()): Promise<number> {
    return this.repository.prune(new Date(now - this.retentionDays * DAY_MS).toISOString());
  }
}
