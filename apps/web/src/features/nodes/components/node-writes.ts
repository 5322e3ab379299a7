import { useIsProServer } from '@/features/routing/routing.public.ts';
import {
  hasAnyWrite,
  useCanChangeInNetwork,
  useIsPlatformAdmin,
  useNetworkWrites,
  type NetworkWrites,
} from '@/lib/permissions.ts';

/** What the signed-in user may do to a network's nodes from their menu (decision 053: each item, its own scope). */
export interface NodeWrites {
  /** Connect and disconnect (PUT the node: update), approve (POST: create), remove (DELETE: delete). */
  hosts: NetworkWrites;
  /** Add or remove a tag (PUT v1/tags: update; Pro). */
  canTag: boolean;
  /** Any item of the node menu at all: without one, lists show no menu and no selection. */
  hasAny: boolean;
}

/** The signed-in user's writes on the nodes of `networkId`, by the resource kind each menu item's request acts on. */
export function useNodeWrites(networkId: string): NodeWrites {
  const isPro = useIsProServer();
  const hosts = useNetworkWrites(networkId, 'hosts');
  const canTag = useCanChangeInNetwork(networkId, 'tag', 'update') && isPro;
  const relays = hasAnyWrite(useNetworkWrites(networkId, 'relays'));
  const egress = hasAnyWrite(useNetworkWrites(networkId, 'egress'));
  const inet = hasAnyWrite(useNetworkWrites(networkId, 'inet_gw')) && isPro;
  // Failover is set by platform admins only (api-contract §2.9).
  const failover = useIsPlatformAdmin() && isPro;
  return {
    hosts,
    canTag,
    hasAny: hasAnyWrite(hosts) || canTag || relays || egress || inet || failover,
  };
}
