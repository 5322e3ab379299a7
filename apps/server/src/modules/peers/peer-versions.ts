import { randomBytes } from 'node:crypto';
import type { PeerSync } from '@meshdeck/contracts';

/**
 * Per-host peer-state versions (decision 004): every peer update sent to a host takes the next version and names
 * the one it builds on, so an agent that missed a message sees the gap and pulls in full. Versions live in memory
 * (one number per host that was sent something); the epoch changes on restart, which agents also treat as a gap.
 */
export class PeerVersions {
  readonly epoch = randomBytes(6).toString('base64url');
  readonly #versions = new Map<string, number>();

  /** The version a pull made now reflects (pulls read it before the database, so later deltas still apply). */
  current(hostId: string): PeerSync & { base: null } {
    return { epoch: this.epoch, version: this.#versions.get(hostId) ?? 0, base: null };
  }

  /** Takes the next version for a message to this host; `base` is null for a full list. */
  next(hostId: string, isFull: boolean): PeerSync {
    const base = this.#versions.get(hostId) ?? 0;
    this.#versions.set(hostId, base + 1);
    return { epoch: this.epoch, version: base + 1, base: isFull ? null : base };
  }

  /** Drops a deleted host, so memory follows the hosts that exist rather than the history. */
  forget(hostId: string): void {
    this.#versions.delete(hostId);
  }

  get size(): number {
    return this.#versions.size;
  }
}
