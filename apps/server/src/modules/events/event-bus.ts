import { eventResources, type ChangeEvent } from '@meshdeck/contracts';
import { afterCommit } from '../../lib/after-commit.ts';

/** Where a change was made: by this process, or by another replica on the same database (decision 062). */
export type ChangeOrigin = 'local' | 'replica';
export type ChangeListener = (event: ChangeEvent, origin: ChangeOrigin) => void;

/** What the bus asks of the cross-replica link, when there is one (PostgreSQL; replica-relay.ts). */
export interface ReplicaLink {
  /** Resolves once every change committed by any replica before the call has been received here. */
  caughtUp(): Promise<void>;
}

/**
 * In-process fan-out of change announcements. Services publish after their transaction commits; the SSE route
 * forwards to consoles. Listener errors are isolated so one broken stream cannot block a write.
 *
 * With several replicas on one PostgreSQL (decision 062), other replicas' changes arrive through `receive`:
 * a listener hears them only when it asks (`{ everyReplica: true }`: caches, consoles' streams), so work that
 * follows a write (DNS and peer updates, clean-ups) runs once, on the replica that made it.
 */
export class EventBus {
  readonly #local = new Set<ChangeListener>();
  readonly #everyReplica = new Set<ChangeListener>();
  readonly #resync = new Set<() => void>();
  #link: ReplicaLink | undefined;

  /**
   * Announces a committed change to every subscriber; inside a unit of work (an import) once it has committed, and
   * never if it rolls back, so listeners (consoles, DNS and routing follow-ups) only hear of stored changes.
   */
  publish(event: ChangeEvent): void {
    afterCommit(() => this.#fanOut(event, 'local'));
  }

  /** Another replica's committed change: only `everyReplica` listeners hear it. */
  receive(event: ChangeEvent): void {
    this.#fanOut(event, 'replica');
  }

  /**
   * Changes made elsewhere may have been missed (the link to the other replicas was lost): `everyReplica`
   * listeners hear "re-read everything" (one event per resource with no id), and `onResync` listeners (consoles'
   * streams, whose reconnect re-reads every list) are told unless `isStreamKept` (only caches are in doubt).
   */
  resync(options: { isStreamKept?: boolean } = {}): void {
    for (const resource of eventResources) this.#fanOut({ resource, action: 'updated' }, 'replica');
    if (options.isStreamKept) return;
    for (const listener of this.#resync) {
      try {
        listener();
      } catch {
        this.#resync.delete(listener);
      }
    }
  }

  #fanOut(event: ChangeEvent, origin: ChangeOrigin): void {
    const sets = origin === 'local' ? [this.#local, this.#everyReplica] : [this.#everyReplica];
    for (const listeners of sets)
      for (const listener of listeners) {
        try {
          listener(event, origin);
        } catch {
          listeners.delete(listener);
        }
      }
  }

  /**
   * Subscribes to this replica's changes, or with `everyReplica` to every replica's; returns the unsubscribe
   * function.
   */
  subscribe(listener: ChangeListener, options: { everyReplica?: boolean } = {}): () => void {
    const listeners = options.everyReplica ? this.#everyReplica : this.#local;
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Told when changes may have been missed (see `resync`); returns the unsubscribe function. */
  onResync(listener: () => void): () => void {
    this.#resync.add(listener);
    return () => this.#resync.delete(listener);
  }

  /** Connects the bus to the other replicas (once, at start, on PostgreSQL). */
  link(link: ReplicaLink): void {
    this.#link = link;
  }

  /**
   * Undefined with one process; with replicas, resolves once every change committed anywhere before the call has
   * been announced here. A cache kept by change events awaits it before answering, so a read that follows a write
   * acknowledged by another replica never gets the answer from before it (decision 062).
   */
  caughtUp(): Promise<void> | undefined {
    return this.#link?.caughtUp();
  }

  get subscriberCount(): number {
    return this.#local.size + this.#everyReplica.size;
  }
}
