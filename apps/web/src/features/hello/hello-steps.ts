/** The getting-started steps, in the order a new administrator does them. */
export const helloStepIds = ['network', 'key', 'device', 'online', 'mesh', 'laptop', 'policy'] as const;
export type HelloStepId = (typeof helloStepIds)[number];

/** What the server says of a step: done, not yet, still being read, or the read failed (with a retry). */
export type StepState =
  | { kind: 'done' }
  | { kind: 'todo' }
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown; retry: () => unknown };

/** The part of a TanStack query result a step reads. */
export interface StepQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A step's state from the read that tells it. Rows already read win over a failed refresh (decision 051); a read
 * that is not enabled (no network to ask about) is a step not done, not one loading forever.
 */
export function stepFrom<T>(query: StepQuery<T>, isDone: (data: T) => boolean, isEnabled = true): StepState {
  if (!isEnabled) return { kind: 'todo' };
  if (query.data !== undefined) return isDone(query.data) ? { kind: 'done' } : { kind: 'todo' };
  if (query.isError) return { kind: 'error', error: query.error, retry: query.refetch };
  return query.isPending ? { kind: 'loading' } : { kind: 'todo' };
}

/** Both reads done: done; either failed: that failure; either loading: loading; else not done. */
export function bothDone(first: StepState, second: StepState): StepState {
  if (first.kind === 'error') return first;
  if (second.kind === 'error') return second;
  if (first.kind === 'done' && second.kind === 'done') return first;
  if (first.kind === 'loading' || second.kind === 'loading') return { kind: 'loading' };
  return { kind: 'todo' };
}

/** How many steps are done, for the progress line. */
export const doneCount = (states: Record<HelloStepId, StepState>): number =>
  helloStepIds.filter((id) => states[id].kind === 'done').length;
