/**
 * Work that must happen once however many replicas run (decision 063): publishing peer and DNS updates, alert
 * evaluation, status sweeps, roll-ups and retention. One replica owns it at a time through a lease row in
 * PostgreSQL; the others hand it their work items through an outbox table. A single process (SQLite, or no
 * external broker) always owns its work and hands nothing over.
 */
export interface SharedWork {
  /** True when several replicas may share this database and broker (PostgreSQL and an external broker). */
  readonly isShared: boolean;
  /** Whether this process runs single-runner work now (always true when not shared). */
  isOwner(): boolean;
  /** The owner's term, which changes at each takeover (the peer-update epoch); undefined while not the owner. */
  term(): string | undefined;
  /** Told `true` when this process takes the work over and `false` when it stops owning it. */
  onOwnership(listener: (isOwner: boolean) => void): void;
  /** Hands work items of one kind to the owner (shared only): stored at once, in the order given. */
  send(kind: string, bodies: readonly string[]): void;
  /**
   * While this process owns the work, takes `kind`'s items at most every `everyMs` (or as long as the last batch
   * took) and hands them to `handle`; they are removed once it resolves, so items whose owner died before sending
   * them are handled again by the next owner, whose first batch is marked `isTakeover` (and comes even when empty).
   */
  consume(
    kind: string,
    everyMs: number,
    handle: (bodies: string[], isTakeover: boolean) => Promise<void>,
  ): void;
  /** Takes the lease for the first time (a lone replica owns its work before it listens). */
  start(): Promise<void>;
  /** Stops, hands the lease back (the next owner need not wait for it to expire) and closes its connection. */
  close(): Promise<void>;
}
