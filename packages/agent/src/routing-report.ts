import { LIMITS } from '@meshdeck/contracts';
import type { RoutingStatus } from './mesh-routing.ts';
import { isTransientFailure } from './server-api.ts';

/** One line of at most `max` characters (the report's limits, routingStatusReportSchema), marked when cut. */
const clip = (text: string, max: number): string => {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const line = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
};

/**
 * The status as the server takes it: every text within the contract's limits and lists within their counts. A
 * firewall note naming many ranges runs past 256 characters, and a report the server refuses would be sent again
 * at every check-in, so it is cut here instead (the full text stays in the status file and the log).
 */
export function reportOf(status: RoutingStatus): RoutingStatus {
  return {
    at: clip(status.at, 64),
    firewall: {
      tool: clip(status.firewall.tool, 32),
      missing: status.firewall.missing === undefined ? undefined : clip(status.firewall.missing, 256),
    },
    ranges: status.ranges.slice(0, 256).map((r) => ({
      range: clip(r.range, LIMITS.address),
      router: clip(r.router, LIMITS.hostName),
      via: clip(r.via, LIMITS.hostName),
      routers: Math.min(r.routers, LIMITS.listItems),
      reason: clip(r.reason, 256),
    })),
    shadowed: status.shadowed
      .slice(0, 256)
      .map((s) => ({ range: clip(s.range, LIMITS.address), lan: clip(s.lan, 256) })),
    internet: status.internet && {
      gateway: clip(status.internet.gateway, LIMITS.hostName),
      state: clip(status.internet.state, 64),
      failMode: status.internet.failMode,
    },
    roles: status.roles.slice(0, 16).map((role) => clip(role, 32)),
  };
}

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
 * keeps reports in memory) the current one is sent even when unchanged. A report the server refuses (a 4xx: it
 * would refuse it again) is not repeated until the picture changes.
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
        if (!isTransientFailure(error)) this.#acknowledged = content;
        this.onError(error);
      },
    );
  }
}
