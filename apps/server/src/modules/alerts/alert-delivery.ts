import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { ALERT_WEBHOOK_HEADERS, type AlertWebhookBody } from '@meshdeck/contracts';

/** Sends one email; resolves once the SMTP server accepted it. */
export type SendMail = (message: { to: string; subject: string; text: string }) => Promise<void>;

/** A new signing secret: 32 random bytes, prefixed so it is recognisable in a receiver's configuration. */
export const newSecret = (): string => `mdwh_${randomBytes(32).toString('base64url')}`;

/** `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.<body>` (the timestamp binds the body to its time: no replays). */
export const signature = (secret: string, timestamp: number, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** How long one webhook call may take. */
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface Destinations {
  webhook_url: string;
  email_to: readonly string[];
  secret: string;
}

export interface DeliveryOutcome {
  target: 'webhook' | 'email';
  ok: boolean;
  status: number | null;
  error: string;
}

/** The email for one alert: plain text, the subject line saying what changed. */
function mailOf(body: AlertWebhookBody): { subject: string; text: string } {
  const state =
    body.event === 'alert.firing' ? 'FIRING' : body.event === 'alert.resolved' ? 'RESOLVED' : 'TEST';
  const subject = `[Meshdeck ${state}] ${body.rule.name}: ${body.subject.name} (${body.network})`;
  const lines = [
    `${state}: ${body.detail}`,
    '',
    `Rule: ${body.rule.name} (${body.rule.kind})`,
    `Network: ${body.network}`,
    `Subject: ${body.subject.name}`,
    `Fired at: ${body.fired_at}`,
    ...(body.resolved_at ? [`Resolved at: ${body.resolved_at}`] : []),
  ];
  return { subject: subject.replace(/[\r\n]+/g, ' ').slice(0, 300), text: `${lines.join('\n')}\n` };
}

/**
 * Delivers alert notifications: a webhook POST of the JSON body with the HMAC signature, timestamp, event and a
 * delivery id in headers (redirects are not followed: the signed request goes where the rule says or fails), and
 * an email through the server's SMTP when the rule names addresses.
 */
export class AlertDelivery {
  constructor(
    private readonly mail: SendMail | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  get canEmail(): boolean {
    return this.mail !== undefined;
  }

  /** Sends `body` to every destination once; resolves with each outcome (never rejects). */
  async send(destinations: Destinations, body: AlertWebhookBody): Promise<DeliveryOutcome[]> {
    const outcomes: Promise<DeliveryOutcome>[] = [];
    if (destinations.webhook_url !== '') outcomes.push(this.#webhook(destinations, body));
    if (destinations.email_to.length > 0) outcomes.push(this.#email(destinations.email_to, body));
    return Promise.all(outcomes);
  }

  async #webhook(destinations: Destinations, body: AlertWebhookBody): Promise<DeliveryOutcome> {
    const text = JSON.stringify(body);
    const timestamp = Math.floor(this.clock() / 1000);
    try {
      const response = await fetch(destinations.webhook_url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Meshdeck-Alerts/1',
          [ALERT_WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [ALERT_WEBHOOK_HEADERS.signature]: signature(destinations.secret, timestamp, text),
          [ALERT_WEBHOOK_HEADERS.event]: body.event,
          [ALERT_WEBHOOK_HEADERS.delivery]: randomUUID(),
        },
        body: text,
      });
      // The receiver's answer is never passed on: only its status.
      await response.body?.cancel().catch(() => undefined);
      const ok = response.status >= 200 && response.status < 300;
      return { target: 'webhook', ok, status: response.status, error: ok ? '' : `HTTP ${response.status}` };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const message =
        error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : '';
      return { target: 'webhook', ok: false, status: null, error: cause ?? message };
    }
  }

  async #email(to: readonly string[], body: AlertWebhookBody): Promise<DeliveryOutcome> {
    if (!this.mail)
      return { target: 'email', ok: false, status: null, error: 'no SMTP server configured (SMTP_URL)' };
    try {
      await this.mail({ to: to.join(', '), ...mailOf(body) });
      return { target: 'email', ok: true, status: null, error: '' };
    } catch (error) {
      return {
        target: 'email',
        ok: false,
        status: null,
        error: error instanceof Error ? error.message : 'failed',
      };
    }
  }
}
