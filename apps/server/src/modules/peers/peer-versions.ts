import { randomBytes } from 'node:crypto';
import type { PeerSync } from '@meshdeck/contracts';

/** Where replicas keep the owner's versions (decision 063): any replica's pull reports what the owner issued. */
export interface SharedPeerSync {
  /** The stored term and the host's version in it (0 when the owner sent it nothing yet). */
  read(hostId: string): Promise<{ epoch: string; version: number } | undefined>;
  /** Stores the versions the owner issued in its term. */
  write(term: string, versions: readonly [string, number][]): Promise<void>;
}

/**
 * Per-host peer-state versions (decision 004): every peer update sent to a host takes the next version and names
 * the one it builds on, so an agent that missed a message sees the gap and pulls in full. Versions live in memory
 * (one number per host that was sent something); the epoch changes on restart, which agents also treat as a gap.
 * With replicas (decision 063) the owner of peer updates issues them, its lease term is the epoch (a takeover is
 * a gap too), and it stores them after each batch so the pulls of every replica report them.
 */
export class PeerVersions {
  #epoch = randomBytes(6).toString('base64url');
  readonly #versions = new Map<string, number>();
  /** Hosts whose version changed since the last `persist` (replicas only). */
  readonly #issued = new Set<string>();
  #shared: SharedPeerSync | undefined;

  get epoch(): string {
    return this.#epoch;
  }

  /** Replicas: versions are stored for the other replicas' pulls, which read them back. */
  share(store: SharedPeerSync): void {
    this.#shared = store;
  }

  /** A new owner's term: versions start again under it, and agents pull in full on their next update. */
  restart(term: string): void {
    this.#epoch = term;
    this.#versions.clear();
    this.#issued.clear();
  }

  /** The version a pull made now reflects (pulls read it before the database, so later deltas still apply). */
  current(hostId: string): PeerSync & { base: null } {
    return { epoch: this.#epoch, version: this.#versions.get(hostId) ?? 0, base: null };
  }

  /** As `current`, from the stored versions when replicas share the work (the owner may be another process). */
  async read(hostId: string): Promise<PeerSync & { base: null }> {
    const stored = this.#shared && (await this.#shared.read(hostId));
    return stored ? { ...stored, base: null } : this.current(hostId);
  }

  /** Takes the next version for a message to this host; `base` is null for a full list. */
  next(hostId: string, isFull: boolean): PeerSync {
    const base = this.#versions.get(hostId) ?? 0;
    this.#versions.set(hostId, base + 1);
    if (this.#shared) this.#issued.add(hostId);
    return { epoch: this.#epoch, version: base + 1, base: isFull ? null : base };
  }

  /** Stores what was issued since the last call (replicas; after each batch). */
  async persist(): Promise<void> {
    if (!this.#shared || this.#issued.size === 0) return;
    const issued = [...this.#issued].map((hostId): [string, number] => [
      hostId,
      this.#versions.get(hostId) ?? 0,
    ]);
    this.#issued.clear();
    await this.#shared.write(this.#epoch, issued);
  }

  /** Drops a deleted host, so memory follows the hosts that exist rather than the history. */
  forget(hostId: string): void {
    this.#versions.delete(hostId);
    this.#issued.delete(hostId);
  }

  get size(): number {
    return this.#versions.size;
  }
}
