import type { AlertEvent, AlertKind, AlertRule } from '@meshdeck/contracts';
import type { AlertEventRow, AlertRuleRow } from './alerts.repository.ts';

/** A rule row as the API shows it; the webhook URL reduced to its origin for callers who only read. */
export function presentRule(row: AlertRuleRow, firing: number, showsUrl: boolean): AlertRule {
  let url = row.webhook_url;
  if (!showsUrl && url !== '') url = `${new URL(url).origin}/…`;
  return {
    id: row.id,
    network: row.network,
    name: row.name,
    kind: row.kind as AlertKind,
    enabled: row.enabled === 1,
    node_id: row.node_id,
    latency_ms: row.latency_ms,
    for_seconds: row.for_seconds,
    cooldown_seconds: row.cooldown_seconds,
    webhook_url: url,
    email_to: showsUrl ? (JSON.parse(row.email_to) as string[]) : [],
    secret_hint: row.secret.slice(-4),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    firing,
  };
}

export const presentEvent = (row: AlertEventRow): AlertEvent => ({
  id: row.id,
  rule_id: row.rule_id,
  rule_name: row.rule_name,
  kind: row.kind as AlertKind,
  network: row.network,
  subject: row.subject,
  subject_name: row.subject_name,
  state: row.resolved_at === null ? 'firing' : 'resolved',
  detail: row.detail,
  fired_at: row.fired_at,
  resolved_at: row.resolved_at,
  delivery: row.delivery as AlertEvent['delivery'],
  delivery_error: row.delivery_error,
});
