import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { HostUnknownError } from './server-api.ts';
import type { ThrottledLog } from './throttled-log.ts';

/**
 * The IP addresses behind the server's URLs (an IP literal as it is, a name looked up): what must stay on the
 * host's own path whatever the mesh routes. A name that does not resolve now adds nothing (the next pull retries).
 */
export async function serverAddresses(urls: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const url of urls) {
    const host = URL.parse(url)?.hostname.replace(/^\[|\]$/g, '') ?? '';
    if (host === '') continue;
    if (isIP(host) !== 0) found.add(host);
    else for (const { address } of await lookup(host, { all: true }).catch(() => [])) found.add(address);
  }
  return [...found];
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The agent's one line of work: messages, pulls and check-ins run one at a time, never interleaved; a failure is
 * logged at most once a minute per kind, and its recovery once.
 */
export class AgentWork {
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly log: ThrottledLog,
    private readonly host: { hostId: string; joinCommand: string },
  ) {}

  /** Runs work after whatever is queued, one thing at a time (messages, pulls and check-ins never interleave). */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(work);
    this.#queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Queues work whose failure is reported (at most once a minute per kind) and otherwise ignored. */
  enqueue(kind: string, work: () => Promise<void>): void {
    this.run(work).then(
      () => this.recovered(kind),
      (error: unknown) => this.report(kind, error),
    );
  }

  report(kind: string, error: unknown): void {
    if (error instanceof HostUnknownError) {
      this.log.warn(
        'unknown-host',
        `the server does not know host ${this.host.hostId} (it was deleted, or the server lost its data: ${error.message}). Retrying will not help; join again: ${this.host.joinCommand}`,
      );
      return;
    }
    this.log.warn(kind, `${kind} failed: ${messageOf(error)}`);
  }

  recovered(kind: string): void {
    if (this.log.clear(kind)) this.log.info(`${kind}: working again`);
    this.log.clear('unknown-host');
  }
}
