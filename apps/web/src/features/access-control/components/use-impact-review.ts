import type { AccessImpact } from '@meshdeck/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The first step of every access save (issue 32): ask the server's preview what the change would do, show it,
 * and only then offer the save. `reset` forgets the answer when the change is edited again. A preview is not a
 * write, so nothing is invalidated.
 */
export function useImpactReview<TInput>(preview: (input: TInput) => Promise<AccessImpact>) {
  const mutation = useMutation({ mutationFn: preview });
  const { reset, mutate } = mutation;
  const review = useCallback((input: TInput) => mutate(input), [mutate]);
  const impact = mutation.data;
  return {
    impact,
    review,
    reset,
    isPending: mutation.isPending,
    error: mutation.error,
    /** Saving is offered only once the impact is known and breaks no check. */
    canSave: impact !== undefined && impact.broken_assertions.length === 0,
  };
}
