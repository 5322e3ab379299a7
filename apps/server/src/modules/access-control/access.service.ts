import {
  AccessModel,
  brokenAssertions,
  diffAccess,
  type AccessAssertion,
  type AccessImpact,
  type ChangeEvent,
} from '@meshdeck/contracts';
import { ApiError, ItemRefused, badRequest, notFound } from '../../lib/api-error.ts';
import type { AccessRepository, NetworkAccessRows } from './access.repository.ts';
import { accessInput } from './access-state.ts';
import type { AccessPlan } from './access-plan.ts';
import { toAssertion } from './assertions.ts';

/**
 * Several plans saved as one (an import's tags or policies, decision 060): each runs on the rows the ones before it
 * left, so a policy may name a tag created earlier in the set, and the whole set costs one impact and one
 * publication instead of one per item. A refusal is an `ItemRefused` naming the item's index; consoles hear one
 * `updated` event per resource the set touched.
 */
export function allOf<T>(plans: readonly AccessPlan<T>[]): AccessPlan<T[]> {
  return (rows) => {
    const planned = plans.map((plan, index) => {
      try {
        return plan(rows);
      } catch (error) {
        throw error instanceof ApiError ? new ItemRefused(index, error) : error;
      }
    });
    const resources = new Set(planned.flatMap((p) => p.events.map((event) => event.resource)));
    return {
      result: planned.map((p) => p.result),
      write: async (writer) => {
        for (const p of planned) await p.write(writer);
      },
      events: [...resources].map((resource) => ({ resource, action: 'updated', network: rows.netid })),
      newChecks: planned.flatMap((p) => p.newChecks ?? []),
    };
  };
}

/** Where the peers of hosts whose access changed are told (the peer engine, through the composition root). */
export interface AccessPublisher {
  /**
   * For each host, the other hosts whose entry on it must be sent again (only those, only to it); `wholeLists`:
   * gateway hosts whose own clients' access changed, which get their whole list (clients included).
   */
  publishAccess(peersByHost: ReadonlyMap<string, ReadonlySet<string>>, wholeLists: ReadonlySet<string>): void;
}

export interface AccessDependencies {
  repository: AccessRepository;
  isPro: boolean;
  events: { publish(event: ChangeEvent): void };
  publisher: AccessPublisher;
  /** Forgets the compiled model of a network (enforcement reads it next time). */
  forget(netid: string): void;
  /** Keeps what a save wrote as the network's compiled state (peer computation and previews start from it). */
  remember?(netid: string, rows: NetworkAccessRows, model: AccessModel): void;
  /** The network's rows and model as enforcement last compiled them (previews start from there). */
  snapshot?(netid: string): Promise<{ rows: NetworkAccessRows; model: AccessModel } | undefined>;
}

const IMPACT_LIMIT = 200;

const clone = (rows: NetworkAccessRows): NetworkAccessRows => ({
  ...rows,
  nodes: rows.nodes.map((n) => ({ ...n })),
  clients: rows.clients.map((c) => ({ ...c })),
  tags: [...rows.tags],
  policies: [...rows.policies],
  matrix: [...rows.matrix],
  assertions: [...rows.assertions],
});

/**
 * Tags, policies, the old matrix and checks as planned changes (no HTTP): a preview runs the plan on the rows as
 * they are and answers with its impact; a save runs it again under the network's lock, refuses it when it breaks
 * a check (400 naming the pairs), writes it in one transaction and then tells consoles (events) and exactly the
 * hosts whose peers changed (the pairs whose reach changed, found by the shared access function).
 */
export class AccessService {
  constructor(private readonly d: AccessDependencies) {}

  get isPro(): boolean {
    return this.d.isPro;
  }

  /** The network's rows; 400 for an unknown network (the contract's answer on these routes). */
  async rows(netid: string): Promise<NetworkAccessRows> {
    const rows = await this.d.repository.read(netid);
    if (!rows) throw badRequest(`network ${netid} not found`);
    return rows;
  }

  /** The compiled model of rows. */
  model(rows: NetworkAccessRows): AccessModel {
    return new AccessModel(accessInput(rows, this.d.isPro));
  }

  /** What `plan` would do if saved. */
  async preview<T>(netid: string, plan: AccessPlan<T>): Promise<AccessImpact> {
    const snapshot = await this.d.snapshot?.(netid);
    const rows = snapshot?.rows ?? (await this.rows(netid));
    const after = clone(rows);
    const planned = plan(after);
    return this.impact(rows, after, planned.newChecks, snapshot?.model, false).impact;
  }

  /** Saves `plan` in one transaction unless it breaks a check; returns its result and impact. */
  async save<T>(netid: string, plan: AccessPlan<T>): Promise<{ result: T; impact: AccessImpact }> {
    const saved = await this.d.repository.inNetwork(netid, async (rows, writer) => {
      const after = clone(rows);
      const planned = plan(after);
      const { impact, peersByHost, wholeLists, model } = this.impact(rows, after, planned.newChecks);
      if (impact.broken_assertions.length > 0) throw badRequest(brokenMessage(impact));
      await planned.write(writer);
      return {
        result: planned.result,
        impact,
        peersByHost,
        wholeLists,
        events: planned.events,
        after,
        model,
      };
    });
    if (!saved) throw badRequest(`network ${netid} not found`);
    this.d.forget(netid);
    this.d.remember?.(netid, saved.after, saved.model);
    for (const event of saved.events) this.d.events.publish(event);
    if (saved.peersByHost.size > 0 || saved.wholeLists.size > 0)
      this.d.publisher.publishAccess(saved.peersByHost, saved.wholeLists);
    return { result: saved.result, impact: saved.impact };
  }

  /**
   * A network update (api-contract §2.2) changes access only through `defaultacl`, which turns the implicit All
   * Nodes policy on or off: when it differs from `previous`, the hosts whose reach changed are told.
   */
  async followDefault(netid: string, previous: boolean | undefined): Promise<boolean | undefined> {
    const rows = await this.d.repository.read(netid);
    if (!rows || previous === undefined || previous === rows.defaultAllow) return rows?.defaultAllow;
    const { peersByHost, wholeLists } = this.impact({ ...rows, defaultAllow: previous }, rows);
    if (peersByHost.size > 0 || wholeLists.size > 0) this.d.publisher.publishAccess(peersByHost, wholeLists);
    return rows.defaultAllow;
  }

  /** The network a tag, policy or check belongs to; 400 when there is none (as the contract answers). */
  async networkOf(table: 'tags' | 'acl_policies' | 'access_assertions', id: string, what: string) {
    const netid = await this.d.repository.networkOf(table, id);
    if (netid === undefined) throw badRequest(`${what} ${id} not found`);
    return netid;
  }

  async networkOfMember(id: string): Promise<string> {
    const netid = await this.d.repository.networkOfMember(id);
    if (netid === undefined) throw notFound(`node ${id} not found`);
    return netid;
  }

  nodeRows(ids: readonly string[]) {
    return this.d.repository.nodeRows(ids);
  }

  private impact(
    before: NetworkAccessRows,
    after: NetworkAccessRows,
    newChecks: readonly string[] = [],
    compiled?: AccessModel,
    isSaving = true,
  ) {
    const [was, is] = [compiled ?? this.model(before), this.model(after)];
    // A client is reached through its gateway: its pairs change the gateway host's entry on the other side.
    const hostOf = new Map<string, string>();
    const clientGateway = new Map<string, string>();
    for (const rows of [before, after]) {
      for (const node of rows.nodes) hostOf.set(node.id, node.host_id);
      for (const client of rows.clients) clientGateway.set(client.client_id, client.gateway_node_id);
    }
    for (const [client, gateway] of clientGateway) {
      const host = hostOf.get(gateway);
      if (host !== undefined) hostOf.set(client, host);
    }
    const peersByHost = new Map<string, Set<string>>();
    const wholeLists = new Set<string>();
    const tell = (from: readonly string[], to: readonly string[]) => {
      const hosts = [...new Set(to.map((id) => hostOf.get(id)).filter((h) => h !== undefined))];
      for (const id of from) {
        const host = hostOf.get(id);
        if (host === undefined) continue;
        const set = peersByHost.get(host) ?? peersByHost.set(host, new Set()).get(host)!;
        for (const other of hosts) if (other !== host) set.add(other);
        // A gateway and its own client: the gateway's client peers change, which only a whole list carries.
        if (clientGateway.has(id) && hosts.includes(host)) wholeLists.add(host);
      }
    };
    // A preview tells nobody: collecting the hosts to tell costs the changed pairs (N² for a "Block all").
    const diff = diffAccess(
      was,
      is,
      IMPACT_LIMIT,
      isSaving
        ? (a, b) => {
            tell(a, b);
            tell(b, a);
          }
        : undefined,
    );
    const names = nameIndex(after, before);
    const checks = after.assertions.map(toAssertion);
    const failedBefore = new Map(brokenAssertions(was, checks).map((f) => [f.assertion.id, f.count]));
    for (const id of newChecks) failedBefore.delete(id);
    const broken = brokenAssertions(is, checks).filter(
      (f) => f.count > (failedBefore.get(f.assertion.id) ?? 0),
    );
    const named = (from: string, to: string) => ({
      from,
      from_name: names(from),
      to,
      to_name: names(to),
    });
    const impact: AccessImpact = {
      pairs: diff.pairs,
      flows: diff.flows,
      changes: diff.changes.map((c) => ({ ...named(c.from, c.to), before: c.before, after: c.after })),
      truncated: diff.truncated,
      broken_assertions: broken.map((f) => ({
        id: f.assertion.id,
        name: after.assertions.find((a) => a.id === f.assertion.id)?.name ?? f.assertion.id,
        expect: f.assertion.expect,
        count: f.count,
        pairs: f.pairs.map((p) => named(p.from, p.to)),
      })),
    };
    return { impact, peersByHost, wholeLists, model: is };
  }
}

/** Display names of nodes (their host's name) and clients (their id). */
export function nameIndex(...all: NetworkAccessRows[]): (id: string) => string {
  const names = new Map<string, string>();
  for (const rows of all) {
    for (const node of rows.nodes) names.set(node.id, node.host_name);
    for (const client of rows.clients) names.set(client.client_id, client.client_id);
  }
  return (id) => names.get(id) ?? id;
}

function brokenMessage(impact: AccessImpact): string {
  const parts = impact.broken_assertions.map((b) => {
    const pairs = b.pairs.slice(0, 5).map((p) => `${p.from_name} -> ${p.to_name}`);
    const more = b.count > pairs.length ? ` and ${b.count - pairs.length} more` : '';
    return `'${b.name}' (${b.expect}): ${pairs.join(', ')}${more}`;
  });
  return `this change breaks access checks: ${parts.join('; ')}`;
}

export type { AccessAssertion };
