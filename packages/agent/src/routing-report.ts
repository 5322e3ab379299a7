import type { RoutingStatus } from './mesh-routing.ts';

/**
 * The part of a report that says something: its time stamp changes at every plan and the internet gateway's
 * round-trip time at every probe; neither is news worth a request.
 */
const contentOf = ({ at: _at, ...rest }: RoutingStatus): string =>
  JSON.stringify(rest).replace(/ \(\d+(\.\d+)? ms\)/g, '');

/** The agent's one-line account of a configuration, logged when it differs from the last one. */
export function configurationSummary(
  addresses: readonly string[],
  peerCount: number,
  routes: readonly string[],
  status: RoutingStatus | undefined,
): string {
  const roles = status?.roles.length ? `, ${status.roles.join(', ')} (forwarding on)` : '';
  const shadowed = status?.shadowed.length
    ? `, not routed (own LAN): ${status.shadowed.map((s) => `${s.range} (${s.lan})`).join(', ')}`
    : '';
  const extras = `${routes.length > 0 ? `, routes ${routes.join(', ')}` : ''}${roles}${shadowed}`;
  return `configured ${addresses.join(', ') || 'no addresses'} with ${peerCount} peer(s)${extras}`;
}

/**
 * Sends the agent's routing picture to the server (`PUT /api/v1/host/{id}/routing_status`, issue 31) whenever
 * what it says changes, so the console shows the router each host really chose. Reports leave outside the
 * agent's work queue: a slow or absent server never holds up a failover. A report that did not arrive is sent
 * again at the next {@link retry}; after {@link resend} (the server may have restarted and forgotten it, since it
 * keeps reports in memory) the current one is sent even when unchanged.
 */
export class RoutingReporter {
  #latest: RoutingStatus | undefined;
  /** The content the server acknowledged last. */
  #acknowledged: string | undefined;
  #sending = false;

  constructor(
    private readonly send: (status: RoutingStatus) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly onSent: () => void = () => undefined,
  ) {}

  /** Takes the latest picture and sends it when its content differs from what the server has. */
  changed(status: RoutingStatus): void {
    this.#latest = status;
    this.flush();
  }

  /** Sends the latest picture if the server has not acknowledged it (called at check-in). */
  retry(): void {
    this.flush();
  }

  /** Forgets what the server acknowledged and sends the latest picture again. */
  resend(): void {
    this.#acknowledged = undefined;
    this.flush();
  }

  /** True when the server has the latest content (for tests and the log). */
  get isCurrent(): boolean {
    return this.#latest !== undefined && contentOf(this.#latest) === this.#acknowledged;
  }

  private flush(): void {
    const status = this.#latest;
    if (this.#sending || !status) return;
    const content = contentOf(status);
    if (content === this.#acknowledged) return;
    this.#sending = true;
    this.send(status).then(
      () => {
        this.#acknowledged = content;
        this.#sending = false;
        this.onSent();
        // A newer picture that came while this one was on its way goes next.
        if (this.#latest !== status) this.flush();
      },
      (error: unknown) => {
        this.#sending = false;
        this.onError(error);
      },
    );
  }
}
