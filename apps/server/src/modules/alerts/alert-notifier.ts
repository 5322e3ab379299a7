import type { AlertKind, AlertTestResult, AlertWebhookBody } from '@meshdeck/contracts';
import type { AlertDelivery, DeliveryOutcome, Destinations } from './alert-delivery.ts';
import type { AlertEventRow, AlertRuleRow, AlertsRepository } from './alerts.repository.ts';

/** Waits before a failed notification is sent again (then it is recorded as failed). */
const RETRY_DELAYS_MS = [5_000, 30_000];

export interface AlertNotifierDeps {
  repository: Pick<AlertsRepository, 'setDelivery'>;
  delivery: AlertDelivery;
  /** Called once a notification's outcome is stored (the alert list changed). */
  delivered: (network: string) => void;
  onError: (error: unknown) => void;
  now: () => number;
}

type AlertFields = Pick<
  AlertEventRow,
  'id' | 'subject' | 'subject_name' | 'detail' | 'fired_at' | 'resolved_at'
>;

const destinationsOf = (rule: AlertRuleRow): Destinations => ({
  webhook_url: rule.webhook_url,
  email_to: JSON.parse(rule.email_to) as string[],
  secret: rule.secret,
});

/**
 * Delivers an alert rule's notifications (webhook, email) in the background: a failed destination is tried again
 * after 5 s and 30 s, then the alert's delivery is recorded as failed. Judging rules is the service's job.
 */
export class AlertNotifier {
  readonly #retries = new Set<NodeJS.Timeout>();

  constructor(private readonly d: AlertNotifierDeps) {}

  /** Sends a test notification to each of the rule's destinations, once, and says what each answered. */
  async test(rule: AlertRuleRow, alert: AlertFields): Promise<AlertTestResult> {
    return {
      deliveries: await this.d.delivery.send(destinationsOf(rule), this.#body(rule, 'alert.test', alert)),
    };
  }

  /** Notifies in the background: a failed destination is tried again after 5 s and 30 s, then recorded failed. */
  notify(rule: AlertRuleRow, row: AlertEventRow, event: AlertWebhookBody['event']): void {
    const attempt = async (index: number, destinations = destinationsOf(rule)) => {
      const outcomes: DeliveryOutcome[] = await this.d.delivery.send(
        destinations,
        this.#body(rule, event, row),
      );
      const failed = outcomes.filter((outcome) => !outcome.ok);
      const delay = RETRY_DELAYS_MS[index];
      if (failed.length > 0 && delay !== undefined) {
        // Only the destinations that failed are tried again.
        const again = {
          ...destinations,
          webhook_url: failed.some((f) => f.target === 'webhook') ? destinations.webhook_url : '',
          email_to: failed.some((f) => f.target === 'email') ? destinations.email_to : [],
        };
        const timer = setTimeout(() => {
          this.#retries.delete(timer);
          void attempt(index + 1, again).catch(this.d.onError);
        }, delay);
        timer.unref();
        this.#retries.add(timer);
        return;
      }
      const error = failed.map((f) => `${f.target}: ${f.error}`).join('; ');
      await this.d.repository.setDelivery(row.id, failed.length > 0 ? 'failed' : 'sent', error);
      this.d.delivered(rule.network);
    };
    void attempt(0).catch(this.d.onError);
  }

  /** Stops retries (the server is closing). */
  stop(): void {
    for (const timer of this.#retries) clearTimeout(timer);
    this.#retries.clear();
  }

  #body(rule: AlertRuleRow, event: AlertWebhookBody['event'], alert: AlertFields): AlertWebhookBody {
    return {
      version: 1,
      event,
      alert_id: alert.id,
      rule: { id: rule.id, name: rule.name, kind: rule.kind as AlertKind },
      network: rule.network,
      subject: { id: alert.subject, name: alert.subject_name },
      detail: alert.detail,
      fired_at: alert.fired_at,
      resolved_at: alert.resolved_at,
      sent_at: new Date(this.d.now()).toISOString(),
    };
  }
}
