import { z } from 'zod';
import { LIMITS, boundedArray, boundedString } from './limits.ts';

/**
 * Alert rules (issue 41, decision 055): per network, a condition watched by the server (a node offline, a pair of
 * nodes that cannot reach each other, a pair's latency above a threshold, a node whose agent has not applied the
 * latest peer update), held for a duration, and delivered to a webhook (JSON signed with HMAC-SHA256) and/or
 * email. Meshdeck's own routes (the v0.30 contract has none).
 */

/** What a rule watches. */
export const alertKinds = ['node_offline', 'edge_unreachable', 'latency_high', 'config_stale'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** Bounds of a rule's numbers. */
export const ALERT_LIMITS = {
  /** Longest hold before firing and longest cooldown: a day. */
  maxSeconds: 86_400,
  /** Highest latency threshold (the agent's probe gives up well before). */
  maxLatencyMs: 60_000,
  /** Longest webhook URL. */
  url: 2048,
  /** Email addresses one rule sends to. */
  emails: 10,
  name: 64,
} as const;

/** Defaults the console proposes per kind: how long the condition must hold (seconds). */
export const ALERT_DEFAULT_FOR_SECONDS: Record<AlertKind, number> = {
  node_offline: 0,
  edge_unreachable: 120,
  latency_high: 300,
  // Agents report the version they applied once a minute: a lag shorter than a few reports is normal.
  config_stale: 600,
};
export const ALERT_DEFAULT_COOLDOWN_SECONDS = 900;

/** Headers of a webhook delivery. The signature is `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`. */
export const ALERT_WEBHOOK_HEADERS = {
  signature: 'x-meshdeck-signature',
  timestamp: 'x-meshdeck-timestamp',
  event: 'x-meshdeck-event',
  delivery: 'x-meshdeck-delivery',
} as const;
/** Receivers should refuse a delivery whose timestamp is further than this from their clock (replays). */
export const ALERT_WEBHOOK_TOLERANCE_SECONDS = 300;

const seconds = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .int(`${field} must be a whole number of seconds`)
    .min(0, `${field} must be between 0 and ${ALERT_LIMITS.maxSeconds}`)
    .max(ALERT_LIMITS.maxSeconds, `${field} must be between 0 and ${ALERT_LIMITS.maxSeconds}`);

/** An http(s) URL on one line, without credentials in it (the signing secret authenticates the sender). */
export const webhookUrlSchema = boundedString('webhook_url', ALERT_LIMITS.url).superRefine((value, ctx) => {
  if (value === '') return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'webhook_url must be an absolute http or https URL' });
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    ctx.addIssue({ code: 'custom', message: 'webhook_url must use http or https' });
  else if (url.username !== '' || url.password !== '')
    ctx.addIssue({ code: 'custom', message: 'webhook_url must not carry a user name or password' });
});

const emailSchema = boundedString('email_to', 254).pipe(
  z.string().regex(/^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/, 'email_to must hold email addresses'),
);

/** What a rule needs besides its kind. */
const ruleFields = {
  name: boundedString('name', ALERT_LIMITS.name).pipe(z.string().trim().min(1, 'name must not be empty')),
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
  /** One node the rule watches (pairs that include it); empty: every node of the network. */
  node_id: boundedString('node_id', LIMITS.id).default(''),
  /** latency_high only: the threshold in milliseconds. */
  latency_ms: z
    .number({ error: 'latency_ms must be a number of milliseconds' })
    .int('latency_ms must be a whole number')
    .min(1, `latency_ms must be between 1 and ${ALERT_LIMITS.maxLatencyMs}`)
    .max(ALERT_LIMITS.maxLatencyMs, `latency_ms must be between 1 and ${ALERT_LIMITS.maxLatencyMs}`)
    .nullable()
    .default(null),
  /** How long the condition must hold before the alert fires. */
  for_seconds: seconds('for_seconds').default(0),
  /** After an alert of a subject fired, a new one for the same subject waits this long (flapping). */
  cooldown_seconds: seconds('cooldown_seconds').default(ALERT_DEFAULT_COOLDOWN_SECONDS),
  webhook_url: webhookUrlSchema.default(''),
  email_to: boundedArray('email_to', emailSchema, ALERT_LIMITS.emails).default([]),
};

const checkRule = (
  rule: { kind: AlertKind; latency_ms: number | null; webhook_url: string; email_to: string[] },
  ctx: z.RefinementCtx,
) => {
  if (rule.kind === 'latency_high' && rule.latency_ms === null)
    ctx.addIssue({
      code: 'custom',
      path: ['latency_ms'],
      message: 'latency_ms is required for a latency rule',
    });
  if (rule.webhook_url === '' && rule.email_to.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['webhook_url'],
      message: 'webhook_url or email_to: a rule needs somewhere to send its alerts',
    });
};

/** `POST /api/v1/alerts/{network}/rules` and `PUT .../rules/{ruleid}` (a PUT replaces the rule; kind included). */
export const alertRuleInputSchema = z
  .object({
    kind: z.enum(alertKinds, { error: `kind must be one of ${alertKinds.join(', ')}` }),
    ...ruleFields,
  })
  .superRefine(checkRule);
export type AlertRuleInput = z.input<typeof alertRuleInputSchema>;
export type AlertRuleValues = z.output<typeof alertRuleInputSchema>;

/** A rule as the API shows it: never its secret, only that it has one. */
export const alertRuleSchema = z.object({
  id: z.string(),
  network: z.string(),
  name: z.string(),
  kind: z.enum(alertKinds),
  enabled: z.boolean(),
  node_id: z.string(),
  latency_ms: z.number().nullable(),
  for_seconds: z.number(),
  cooldown_seconds: z.number(),
  /** The full URL for the network's admins; its origin only for those who only read the network. */
  webhook_url: z.string(),
  email_to: z.array(z.string()),
  /** The last four characters of the signing secret, to tell which one a receiver holds. */
  secret_hint: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Alerts of this rule firing now. */
  firing: z.number(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** The answer to a create or a secret rotation: the rule and its signing secret, shown this once. */
export const alertRuleWithSecretSchema = alertRuleSchema.extend({ secret: z.string() });
export type AlertRuleWithSecret = z.infer<typeof alertRuleWithSecretSchema>;

export const alertRuleListSchema = z.array(alertRuleSchema);

export const alertStates = ['firing', 'resolved'] as const;
export type AlertState = (typeof alertStates)[number];
export const alertDeliveryStates = ['pending', 'sent', 'failed'] as const;

/** One alert: a subject (node or pair) of a rule that fired, and when it resolved. */
export const alertEventSchema = z.object({
  id: z.string(),
  rule_id: z.string(),
  rule_name: z.string(),
  kind: z.enum(alertKinds),
  network: z.string(),
  /** A node id, or for a pair `<id>~<id>` (ids sorted). */
  subject: z.string(),
  subject_name: z.string(),
  state: z.enum(alertStates),
  detail: z.string(),
  fired_at: z.string(),
  resolved_at: z.string().nullable(),
  /** The last notification's outcome (firing, then resolved). */
  delivery: z.enum(alertDeliveryStates),
  delivery_error: z.string(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

/** `GET /api/v1/alerts/{network}`: what fires now, recent history, and when the rules were last evaluated. */
export const alertOverviewSchema = z.object({
  firing: z.array(alertEventSchema),
  history: z.array(alertEventSchema),
  /** RFC 3339; empty before the first evaluation since the server started. */
  evaluated_at: z.string(),
});
export type AlertOverview = z.infer<typeof alertOverviewSchema>;

/** `POST .../rules/{ruleid}/test`: one test notification to every destination, and what each answered. */
export const alertTestResultSchema = z.object({
  deliveries: z.array(
    z.object({
      target: z.enum(['webhook', 'email']),
      ok: z.boolean(),
      /** The receiver's HTTP status (webhook), when it answered. */
      status: z.number().nullable(),
      error: z.string(),
    }),
  ),
});
export type AlertTestResult = z.infer<typeof alertTestResultSchema>;

/** What a webhook receives (JSON body). */
export interface AlertWebhookBody {
  version: 1;
  event: 'alert.firing' | 'alert.resolved' | 'alert.test';
  alert_id: string;
  rule: { id: string; name: string; kind: AlertKind };
  network: string;
  subject: { id: string; name: string };
  detail: string;
  fired_at: string;
  resolved_at: string | null;
  sent_at: string;
}
