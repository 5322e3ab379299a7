/** At most one line per key per this period: an outage of an hour must not write thousands of lines. */
export const LOG_REPEAT_MS = 60_000;

/**
 * A log that repeats a recurring problem at most once a minute per key (e.g. "broker", "pull"). The first line
 * is written at once; the next one says how many were held back. `clear` ends the episode, so the next failure
 * of that kind is written at once again.
 */
export class ThrottledLog {
  readonly #last = new Map<string, { at: number; held: number }>();

  constructor(
    private readonly write: (message: string) => void,
    private readonly now: () => number = Date.now,
    private readonly periodMs = LOG_REPEAT_MS,
  ) {}

  /** Writes a line now. */
  info(message: string): void {
    this.write(message);
  }

  /** Writes a recurring problem, unless this key was written less than a period ago. */
  warn(key: string, message: string): void {
    const seen = this.#last.get(key);
    const now = this.now();
    if (seen && now - seen.at < this.periodMs) {
      seen.held++;
      return;
    }
    const note =
      seen && seen.held > 0
        ? ` (${seen.held} more like this in the last ${Math.round((now - seen.at) / 1000)} s)`
        : '';
    this.#last.set(key, { at: now, held: 0 });
    this.write(`${message}${note}`);
  }

  /** The problem is over; returns true when it had been reported (so the caller can say it recovered). */
  clear(key: string): boolean {
    return this.#last.delete(key);
  }
}
