import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { networksKeys } from '@/lib/networks-query.ts';
import { useSession } from '@/lib/session.ts';

/** DELETE networks/{netid}[?force=true]; forgets the active network if it was this one. */
export function useDeleteNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ netId, force }: { netId: string; force: boolean }) =>
      apiClient.delete(`networks/${encodeURIComponent(netId)}`, { query: { force: force || undefined } }),
    onSuccess: (_result, { netId }) => {
      const session = useSession.getState();
      if (session.activeNetwork === netId) session.setActiveNetwork(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: networksKeys.all }),
  });
}
