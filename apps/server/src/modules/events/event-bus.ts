import type { ChangeEvent } from '@meshdeck/contracts';
import { afterCommit } from '../../lib/after-commit.ts';

export type ChangeListener = (event: ChangeEvent) => void;

/**
 * In-process fan-out of change announcements. Services publish after their transaction commits; the SSE route
 * forwards to consoles. Listener errors are isolated so one broken stream cannot block a write.
 */
export class EventBus {
  readonly #listeners = new Set<ChangeListener>();

  /**
   * Announces a committed change to every subscriber; inside a unit of work (an import) once it has committed, and
   * never if it rolls back, so listeners (consoles, DNS and routing follow-ups) only hear of stored changes.
   */
  publish(event: ChangeEvent): void {
    afterCommit(() => this.#fanOut(event));
  }

  #fanOut(event: ChangeEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        this.#listeners.delete(listener);
      }
    }
  }

  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.#listeners.size;
  }
}
