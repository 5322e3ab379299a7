import { randomUUID } from 'node:crypto';
import type {
  AlertKind,
  AlertOverview,
  AlertRule,
  AlertRuleValues,
  AlertRuleWithSecret,
  AlertTestResult,
  NodeMetrics,
  NodeStatus,
} from '@meshdeck/contracts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import { judge, observe, subjectNodes, type NetworkSnapshot, type OpenAlert } from './alert-evaluator.ts';
import { newSecret, type AlertDelivery } from './alert-delivery.ts';
import { AlertNotifier } from './alert-notifier.ts';
import { presentEvent, presentRule } from './alerts.presenter.ts';
import type { AlertEventRow, AlertRuleRow, AlertsRepository } from './alerts.repository.ts';

/** Rules one network may hold. */
export const MAX_RULES_PER_NETWORK = 100;
/** History: resolved alerts are kept this long, and at most this many alerts per network. */
export const HISTORY_DAYS = 30;
export const HISTORY_PER_NETWORK = 2000;
/** Alerts the overview lists as history. */
const HISTORY_SHOWN = 200;

/** A node as the rules read it. */
export interface WatchedNode {
  id: string;
  name: string;
  hostId: string;
  status: NodeStatus;
}

/** What the alerts service reads of other modules (wired in app.ts). */
export interface AlertSources {
  /** The network's nodes with their status by the server's clock (decision 050). */
  nodesOf(network: string): Promise<WatchedNode[]>;
  /** The network's nodes' latest metrics (decision 054). */
  metricsOf(network: string): Promise<Record<string, NodeMetrics>>;
  /** The version of the last peer update sent to a host. */
  peerVersion(hostId: string): number;
}

/** An entry the service writes in the activity log (a firing or a resolution). */
export interface AlertLogEntry {
  action: 'ALERT_FIRED' | 'ALERT_RESOLVED';
  ruleId: string;
  name: string;
  network: string;
  details: Record<string, unknown>;
}

export interface AlertsServiceDeps {
  repository: AlertsRepository;
  sources: AlertSources;
  delivery: AlertDelivery;
  events: EventBus;
  networkExists: (netid: string) => Promise<boolean>;
  log: (entry: AlertLogEntry) => Promise<void>;
  onError: (error: unknown) => void;
  now?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Alert rules per network and their evaluation (decision 055): rules are judged on a network whenever its nodes'
 * status or metrics change and on a periodic sweep; one evaluation per network at a time. A firing or resolution
 * is stored, announced, written to the activity log and notified (webhook, email) with retries.
 */
export class AlertsService {
  readonly #now: () => number;
  /** Since when each rule's subjects' conditions hold: `ruleId` -> subject -> epoch ms (lost on restart). */
  readonly #pending = new Map<string, Map<string, number>>();
  /** The evaluation running per network, and whether another was asked for meanwhile. */
  readonly #running = new Map<string, { again: boolean; done: Promise<void> }>();
  readonly #evaluatedAt = new Map<string, number>();
  readonly #notifier: AlertNotifier;

  constructor(private readonly d: AlertsServiceDeps) {
    this.#now = d.now ?? Date.now;
    this.#notifier = new AlertNotifier({
      repository: d.repository,
      delivery: d.delivery,
      delivered: (network) => this.#announce(network, undefined, 'updated'),
      onError: d.onError,
      now: this.#now,
    });
  }

  // ---- rules ----

  async list(network: string, showsUrl: boolean): Promise<AlertRule[]> {
    const [rules, firing] = await Promise.all([
      this.d.repository.rulesOf(network),
      this.d.repository.firing(network),
    ]);
    const counts = new Map<string, number>();
    for (const alert of firing) counts.set(alert.rule_id, (counts.get(alert.rule_id) ?? 0) + 1);
    return rules.map((rule) => presentRule(rule, counts.get(rule.id) ?? 0, showsUrl));
  }

  async create(network: string, input: AlertRuleValues, username: string): Promise<AlertRuleWithSecret> {
    if (!(await this.d.networkExists(network))) throw notFound(`network ${network} not found`);
    await this.#checkNode(network, input.node_id);
    if ((await this.d.repository.countRules(network)) >= MAX_RULES_PER_NETWORK)
      throw badRequest(`name: network ${network} already has ${MAX_RULES_PER_NETWORK} alert rules`);
    const now = iso(this.#now());
    const row: AlertRuleRow = {
      id: randomUUID(),
      network,
      ...this.#columns(input),
      secret: newSecret(),
      created_by: username.slice(0, 256),
      created_at: now,
      updated_at: now,
    };
    await this.d.repository.insertRule(row);
    this.#announce(network, row.id, 'created');
    void this.schedule(network);
    return { ...presentRule(row, 0, true), secret: row.secret };
  }

  async update(network: string, ruleId: string, input: AlertRuleValues): Promise<AlertRule> {
    const rule = await this.#rule(network, ruleId);
    await this.#checkNode(network, input.node_id);
    const changed = { ...this.#columns(input), updated_at: iso(this.#now()) };
    await this.d.repository.updateRule(ruleId, changed);
    // What the rule watches may have changed: its conditions start over, its firing alerts are judged again.
    this.#pending.delete(ruleId);
    if (changed.enabled === 0 || changed.kind !== rule.kind || changed.node_id !== rule.node_id)
      await this.#closeAll(ruleId, network, changed.enabled === 0 ? 'rule disabled' : 'rule changed');
    this.#announce(network, ruleId, 'updated');
    void this.schedule(network);
    return presentRule({ ...rule, ...changed }, (await this.#openOf(network, ruleId)).size, true);
  }

  async remove(network: string, ruleId: string): Promise<void> {
    await this.#rule(network, ruleId);
    await this.d.repository.deleteRule(ruleId);
    this.#pending.delete(ruleId);
    await this.#closeAll(ruleId, network, 'rule deleted');
    this.#announce(network, ruleId, 'deleted');
  }

  /** A new signing secret, shown this once; the old one stops signing at once. */
  async rotateSecret(network: string, ruleId: string): Promise<AlertRuleWithSecret> {
    const rule = await this.#rule(network, ruleId);
    const secret = newSecret();
    const updated_at = iso(this.#now());
    await this.d.repository.updateRule(ruleId, { secret, updated_at });
    this.#announce(network, ruleId, 'updated');
    const firing = (await this.#openOf(network, ruleId)).size;
    return { ...presentRule({ ...rule, secret, updated_at }, firing, true), secret };
  }

  /** Sends a test notification to each of the rule's destinations, once, and says what each answered. */
  async test(network: string, ruleId: string): Promise<AlertTestResult> {
    const rule = await this.#rule(network, ruleId);
    const now = iso(this.#now());
    return this.#notifier.test(rule, {
      id: `test-${randomUUID()}`,
      subject: '',
      subject_name: 'test',
      detail: `A test notification of alert rule ${rule.name}`,
      fired_at: now,
      resolved_at: null,
    });
  }

  async overview(network: string): Promise<AlertOverview> {
    const [firing, history] = await Promise.all([
      this.d.repository.firing(network),
      this.d.repository.history(network, HISTORY_SHOWN),
    ]);
    const at = this.#evaluatedAt.get(network);
    return {
      firing: firing.map(presentEvent),
      history: history.map(presentEvent),
      evaluated_at: at === undefined ? '' : iso(at),
    };
  }

  // ---- evaluation ----

  /** Asks for an evaluation of a network; one runs at a time, and asks meanwhile make one more run. */
  schedule(network: string): Promise<void> {
    const running = this.#running.get(network);
    if (running) {
      running.again = true;
      return running.done;
    }
    const state = { again: false, done: Promise.resolve() };
    state.done = (async () => {
      try {
        do {
          state.again = false;
          await this.evaluate(network).catch(this.d.onError);
        } while (state.again);
      } finally {
        this.#running.delete(network);
      }
    })();
    this.#running.set(network, state);
    return state.done;
  }

  /** Evaluates every network that has an enabled rule, and prunes the history. */
  async sweep(): Promise<void> {
    const networks = await this.d.repository.networksWithRules();
    await Promise.all(networks.map((network) => this.schedule(network)));
    const now = this.#now();
    await this.d.repository.prune(iso(now - HISTORY_DAYS * 86_400_000), HISTORY_PER_NETWORK);
  }

  /** One evaluation of a network's enabled rules (use `schedule`, which never runs two at once). */
  async evaluate(network: string): Promise<void> {
    const rules = (await this.d.repository.rulesOf(network)).filter((rule) => rule.enabled === 1);
    const now = this.#now();
    if (rules.length === 0) {
      this.#evaluatedAt.set(network, now);
      return;
    }
    const needsMetrics = rules.some((rule) => rule.kind !== 'node_offline');
    const [nodes, metrics, open] = await Promise.all([
      this.d.sources.nodesOf(network),
      needsMetrics ? this.d.sources.metricsOf(network) : Promise.resolve({}),
      this.d.repository.firing(network),
    ]);
    const snapshot: NetworkSnapshot = {
      nodes,
      metrics,
      peerVersion: (id) => this.d.sources.peerVersion(id),
      now,
    };
    const longestCooldown = Math.max(...rules.map((rule) => rule.cooldown_seconds));
    const fired = await this.d.repository.lastFired(network, iso(now - longestCooldown * 1000));
    const nodeIds = new Set(nodes.map((node) => node.id));
    const exists = (subject: string) => subjectNodes(subject).every((id) => nodeIds.has(id));
    let isChanged = false;
    for (const rule of rules) {
      let pending = this.#pending.get(rule.id);
      if (!pending) this.#pending.set(rule.id, (pending = new Map<string, number>()));
      const openOfRule = new Map<string, OpenAlert & { row: AlertEventRow }>();
      for (const row of open) if (row.rule_id === rule.id) openOfRule.set(row.subject, { ...row, row });
      const lastFired = new Map<string, number>();
      for (const entry of fired)
        if (entry.rule_id === rule.id) lastFired.set(entry.subject, Date.parse(entry.at));
      const judgement = judge({
        rule,
        observations: observe({ ...rule, kind: rule.kind as AlertKind }, snapshot),
        open: openOfRule,
        lastFired,
        pending,
        exists,
        now,
      });
      for (const observation of judgement.fire) {
        const row: AlertEventRow = {
          id: randomUUID(),
          rule_id: rule.id,
          rule_name: rule.name,
          kind: rule.kind,
          network,
          subject: observation.subject,
          subject_name: observation.name.slice(0, 600),
          detail: observation.detail.slice(0, 1024),
          fired_at: iso(now),
          resolved_at: null,
          delivery: 'pending',
          delivery_error: '',
        };
        await this.d.repository.insertEvent(row);
        await this.#logged('ALERT_FIRED', rule, row);
        this.#notifier.notify(rule, row, 'alert.firing');
        isChanged = true;
      }
      for (const { alert, detail } of judgement.resolve) {
        const row = openOfRule.get(alert.subject)!.row;
        if (await this.#resolve(rule, row, now, detail.slice(0, 1024), true)) isChanged = true;
      }
    }
    this.#evaluatedAt.set(network, now);
    if (isChanged) this.#announce(network, undefined, 'updated');
  }

  /** Stops retries (the server is closing). */
  stop(): void {
    this.#notifier.stop();
  }

  // ---- helpers ----

  async #rule(network: string, ruleId: string): Promise<AlertRuleRow> {
    const rule = await this.d.repository.rule(ruleId);
    if (rule?.network !== network)
      throw notFound(`ruleid: alert rule ${ruleId} not found in network ${network}`);
    return rule;
  }

  async #checkNode(network: string, nodeId: string): Promise<void> {
    if (nodeId === '') return;
    const nodes = await this.d.sources.nodesOf(network);
    if (!nodes.some((node) => node.id === nodeId))
      throw badRequest(`node_id: node ${nodeId} not found in network ${network}`);
  }

  #columns(input: AlertRuleValues) {
    return {
      name: input.name,
      kind: input.kind,
      enabled: input.enabled ? 1 : 0,
      node_id: input.node_id,
      latency_ms: input.kind === 'latency_high' ? input.latency_ms : null,
      for_seconds: input.for_seconds,
      cooldown_seconds: input.cooldown_seconds,
      webhook_url: input.webhook_url,
      email_to: JSON.stringify(input.email_to),
    };
  }

  async #openOf(network: string, ruleId: string): Promise<Map<string, AlertEventRow>> {
    const open = await this.d.repository.firing(network);
    return new Map(open.filter((row) => row.rule_id === ruleId).map((row) => [row.subject, row]));
  }

  /** Closes a rule's firing alerts without notifying (the rule was disabled, changed or deleted). */
  async #closeAll(ruleId: string, network: string, why: string): Promise<void> {
    const now = iso(this.#now());
    for (const row of (await this.#openOf(network, ruleId)).values())
      await this.d.repository.resolveEvent(row.id, now, `${row.detail} (closed: ${why})`);
  }

  async #resolve(
    rule: AlertRuleRow,
    row: AlertEventRow,
    now: number,
    detail: string,
    notifies: boolean,
  ): Promise<boolean> {
    const at = iso(now);
    if (!(await this.d.repository.resolveEvent(row.id, at, detail))) return false;
    const resolved = { ...row, resolved_at: at, detail };
    await this.#logged('ALERT_RESOLVED', rule, resolved);
    if (notifies) this.#notifier.notify(rule, resolved, 'alert.resolved');
    return true;
  }

  async #logged(action: AlertLogEntry['action'], rule: AlertRuleRow, row: AlertEventRow): Promise<void> {
    await this.d
      .log({
        action,
        ruleId: rule.id,
        name: `${rule.name}: ${row.subject_name}`,
        network: rule.network,
        details: {
          alert_id: row.id,
          rule: rule.name,
          kind: rule.kind,
          subject: row.subject,
          subject_name: row.subject_name,
          detail: row.detail,
          fired_at: row.fired_at,
          resolved_at: row.resolved_at,
        },
      })
      .catch(this.d.onError);
  }

  #announce(network: string, id: string | undefined, action: 'created' | 'updated' | 'deleted'): void {
    this.d.events.publish({ resource: 'alerts', action, network, ...(id === undefined ? {} : { id }) });
  }
}
