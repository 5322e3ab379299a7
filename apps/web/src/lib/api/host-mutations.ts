import { apiClient } from '@/lib/api-client.ts';
import { toHostUpdateBody, type HostEdit, type HostView } from './host-view.ts';
import { hostsKeys, networksKeys, nodesKeys } from './query-keys.ts';
import { useResourceMutation } from './use-resource-mutation.ts';

const id = (hostId: string) => encodeURIComponent(hostId);
const hostsAndNodes = [hostsKeys.all, nodesKeys.all] as const;

/** PUT hosts/{id} with the whole host object and the edits merged in. */
export const useUpdateHost = () =>
  useResourceMutation(
    ({ host, edit }: { host: HostView; edit: Partial<HostEdit> }) =>
      apiClient.put(`hosts/${id(host.id)}`, toHostUpdateBody(host, edit)),
    hostsAndNodes,
  );

/** DELETE hosts/{id}?force=: force also removes the host's nodes, which a plain delete refuses. */
export const useDeleteHost = () =>
  useResourceMutation(
    ({ hostId, force }: { hostId: string; force: boolean }) =>
      apiClient.delete(`hosts/${id(hostId)}`, { query: { force } }),
    [...hostsAndNodes, networksKeys.all],
  );

/** PUT hosts/{id}/keys: asks one host to rotate its WireGuard keys. */
export const useRefreshHostKeys = () =>
  useResourceMutation((hostId: string) => apiClient.put(`hosts/${id(hostId)}/keys`), [hostsKeys.all]);

/** PUT hosts/keys: asks every host to rotate its keys. */
export const useRefreshAllHostKeys = () =>
  useResourceMutation(() => apiClient.put('hosts/keys'), [hostsKeys.all]);

/** POST hosts/{id}/sync: the host pulls its whole state again. */
export const useSyncHost = () =>
  useResourceMutation((hostId: string) => apiClient.post(`hosts/${id(hostId)}/sync`), []);

/** PUT hosts/{id}/upgrade: asks the agent to upgrade itself to the server's version. */
export const useUpgradeHost = () =>
  useResourceMutation((hostId: string) => apiClient.put(`hosts/${id(hostId)}/upgrade`), [hostsKeys.all]);

/** POST hosts/{id}/networks/{net}: joins the host to a network (creates a node). */
export const useJoinNetwork = () =>
  useResourceMutation(
    ({ hostId, networkId }: { hostId: string; networkId: string }) =>
      apiClient.post(`hosts/${id(hostId)}/networks/${encodeURIComponent(networkId)}`),
    hostsAndNodes,
  );

/** DELETE hosts/{id}/networks/{net}?force=: removes the host from a network. */
export const useLeaveNetwork = () =>
  useResourceMutation(
    ({ hostId, networkId, force }: { hostId: string; networkId: string; force: boolean }) =>
      apiClient.delete(`hosts/${id(hostId)}/networks/${encodeURIComponent(networkId)}`, { query: { force } }),
    hostsAndNodes,
  );
