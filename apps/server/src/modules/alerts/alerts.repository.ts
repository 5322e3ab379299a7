import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AlertEventsTable, AlertRulesTable } from '../../db/schema-observed.ts';

export type AlertRuleRow = Selectable<AlertRulesTable>;
export type AlertEventRow = Selectable<AlertEventsTable>;

/** SQL of alert rules and the alerts they fired (migration 055). */
export class AlertsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A network's rules, by name. */
  async rulesOf(network: string): Promise<AlertRuleRow[]> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('network', '=', network)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** One rule by id. */
  async rule(id: string): Promise<AlertRuleRow | undefined> {
    return this.db.selectFrom('alert_rules').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** How many rules a network has (a bound on creation). */
  async countRules(network: string): Promise<number> {
    const row = await this.db
      .selectFrom('alert_rules')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('network', '=', network)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The networks that have an enabled rule (what a sweep evaluates). */
  async networksWithRules(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('alert_rules')
      .select('network')
      .where('enabled', '=', 1)
      .distinct()
      .execute();
    return rows.map((row) => row.network);
  }

  /** Stores a new rule. */
  async insertRule(row: Insertable<AlertRulesTable>): Promise<void> {
    await this.db.insertInto('alert_rules').values(row).execute();
  }

  /** Changes a rule. */
  async updateRule(id: string, values: Updateable<AlertRulesTable>): Promise<void> {
    await this.db.updateTable('alert_rules').set(values).where('id', '=', id).execute();
  }

  /** Deletes a rule; its history stays (it names the rule), its firing alerts are closed by the caller. */
  async deleteRule(id: string): Promise<void> {
    await this.db.deleteFrom('alert_rules').where('id', '=', id).execute();
  }

  /** The alerts of a network firing now, newest first. */
  async firing(network: string): Promise<AlertEventRow[]> {
    return this.db
      .selectFrom('alert_events')
      .selectAll()
      .where('network', '=', network)
      .where('resolved_at', 'is', null)
      .orderBy('fired_at', 'desc')
      .orderBy('id')
      .limit(5000)
      .execute();
  }

  /** A network's latest alerts, firing or resolved, newest first. */
  async history(network: string, limit: number): Promise<AlertEventRow[]> {
    return this.db
      .selectFrom('alert_events')
      .selectAll()
      .where('network', '=', network)
      .orderBy('fired_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** When each subject of a network's rules last fired, since `since` (for cooldowns). */
  async lastFired(
    network: string,
    since: string,
  ): Promise<{ rule_id: string; subject: string; at: string }[]> {
    return this.db
      .selectFrom('alert_events')
      .select(['rule_id', 'subject', (eb) => eb.fn.max('fired_at').as('at')])
      .where('network', '=', network)
      .where('fired_at', '>=', since)
      .groupBy(['rule_id', 'subject'])
      .execute();
  }

  /** Stores a fired alert. */
  async insertEvent(row: AlertEventRow): Promise<void> {
    await this.db.insertInto('alert_events').values(row).execute();
  }

  /** Resolves a firing alert (only if it still fires: true when this call resolved it). */
  async resolveEvent(id: string, at: string, detail?: string): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_events')
      .set({ resolved_at: at, ...(detail === undefined ? {} : { detail }) })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records how a notification went. */
  async setDelivery(id: string, delivery: string, error: string): Promise<void> {
    await this.db
      .updateTable('alert_events')
      .set({ delivery, delivery_error: error.slice(0, 512) })
      .where('id', '=', id)
      .execute();
  }

  /** Drops resolved alerts older than `before`, and past `keep` per network the oldest resolved ones. */
  async prune(before: string, keep: number): Promise<void> {
    await this.db
      .deleteFrom('alert_events')
      .where('resolved_at', 'is not', null)
      .where('fired_at', '<', before)
      .execute();
    const crowded = await this.db
      .selectFrom('alert_events')
      .select(['network', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('network')
      .having((eb) => eb.fn.countAll(), '>', keep)
      .execute();
    for (const { network } of crowded) {
      const cut = await this.db
        .selectFrom('alert_events')
        .select('fired_at')
        .where('network', '=', network)
        .orderBy('fired_at', 'desc')
        .offset(keep)
        .limit(1)
        .executeTakeFirst();
      if (cut)
        await this.db
          .deleteFrom('alert_events')
          .where('network', '=', network)
          .where('resolved_at', 'is not', null)
          .where('fired_at', '<=', cut.fired_at)
          .execute();
    }
  }

  /** Deletes a network's rules and alerts (inside the network's delete transaction). */
  async deleteNetwork(network: string): Promise<void> {
    await this.db.deleteFrom('alert_events').where('network', '=', network).execute();
    await this.db.deleteFrom('alert_rules').where('network', '=', network).execute();
  }
}
