import { AsyncLocalStorage } from 'node:async_hooks';

type Effect = () => void;

/** The side effects of one unit of work, held until its transaction has committed. */
interface HeldEffects {
  state: 'holding' | 'released' | 'dropped';
  effects: Effect[];
  /** Told when the unit of work rolls back (a caller awaiting `committed()` must not wait forever). */
  onDrop: Effect[];
}

const storage = new AsyncLocalStorage<HeldEffects>();

/**
 * Runs `effect` (announce a change, tell hosts, schedule background work) once the data it announces is committed:
 * at once outside a unit of work (db/unit-of-work.ts, whose every write commits by itself), after COMMIT inside
 * one, and never if it rolls back. Background work started from here runs outside the unit of work, so it never
 * queries a finished transaction.
 */
export function afterCommit(effect: Effect): void {
  const held = storage.getStore();
  if (!held || held.state === 'released') runEffect(effect);
  else if (held.state === 'holding') held.effects.push(effect);
  // A straggler of a rolled-back unit of work announces nothing.
}

/**
 * True inside a unit of work that has not ended: what it writes may still roll back, so an in-memory cache shared
 * with other callers must not keep it (they would see it before COMMIT, or after a ROLLBACK).
 */
export function isInUnitOfWork(): boolean {
  return storage.getStore()?.state === 'holding';
}

/**
 * For a publishing point that returns a promise (the broker): undefined outside a unit of work (publish now);
 * inside one, a promise that resolves to true after COMMIT (publish then) or false on ROLLBACK (publish nothing).
 */
export function committed(): Promise<boolean> | undefined {
  const held = storage.getStore();
  if (!held || held.state === 'released') return undefined;
  if (held.state === 'dropped') return Promise.resolve(false);
  return new Promise((resolve) => {
    held.effects.push(() => resolve(true));
    held.onDrop.push(() => resolve(false));
  });
}

/** Publishing points isolate their own failures (the event bus drops a broken listener, queues log theirs). */
function runEffect(effect: Effect): void {
  try {
    effect();
  } catch {
    // One failed announcement must not keep the others of a committed unit of work from going out.
  }
}

/** Side effects held for one unit of work: `run` collects them, `release` sends them, `drop` forgets them. */
export class SideEffectHold {
  readonly #held: HeldEffects = { state: 'holding', effects: [], onDrop: [] };

  /** Runs `work` with every `afterCommit` in it (and in what it starts) held back. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return storage.run(this.#held, work);
  }

  /** After COMMIT: sends what was held, in order, outside the unit of work's scope. */
  release(): void {
    this.#held.state = 'released';
    this.#held.onDrop.length = 0;
    const effects = this.#held.effects.splice(0);
    storage.exit(() => effects.forEach(runEffect));
  }

  /** After ROLLBACK: nothing held is sent. */
  drop(): void {
    this.#held.state = 'dropped';
    this.#held.effects.length = 0;
    const told = this.#held.onDrop.splice(0);
    storage.exit(() => told.forEach(runEffect));
  }
}
