import { useMemo } from 'react';
import type { RoutingRole } from '@/features/routing/api/routing-mutations.ts';
import { useCanChangeInNetwork } from '@/lib/permissions.ts';

const RESOURCES = { relay: 'relays', egress: 'egress', internetGateway: 'inet_gw' } as const;

/** Which of a routing page's buttons the signed-in user may use (decision 053: each button, its own scope). */
export interface RoleWrites {
  /** Make a node a holder (POST). */
  canCreate: boolean;
  /** Change a holder in its dialog: relays and egress gateways POST their create route again, internet gateways PUT. */
  canUpdate: boolean;
  /** Remove the role (DELETE). */
  canDelete: boolean;
}

/**
 * The server judges a route by its method (POST create, PUT update, DELETE delete) on the role's resource kind,
 * so each button asks for the scope of the request it sends.
 */
export function useRoleWrites(networkId: string, role: RoutingRole): RoleWrites {
  const resource = RESOURCES[role];
  const canCreate = useCanChangeInNetwork(networkId, resource, 'create');
  const canPut = useCanChangeInNetwork(networkId, resource, 'update');
  const canDelete = useCanChangeInNetwork(networkId, resource, 'delete');
  const canUpdate = role === 'internetGateway' ? canPut : canCreate;
  // One object while the grants stay the same, so tables built from it are not rebuilt on every render.
  return useMemo(() => ({ canCreate, canUpdate, canDelete }), [canCreate, canUpdate, canDelete]);
}

/**
 * Taking one member out of a holder (a relayed node, an egress range) sends the holder's create route with the
 * others, or removes the role when none are left: the scope depends on what remains.
 */
export const canTakeOut = (writes: RoleWrites, othersLeft: number): boolean =>
  othersLeft > 0 ? writes.canCreate : writes.canDelete;
