import { getRouteApi } from '@tanstack/react-router';
import { GroupPage } from '@/features/groups/group-page.tsx';
import { NetworkRolePage } from '@/features/roles/network-role-page.tsx';
import { PlatformRolePage } from '@/features/roles/platform-role-page.tsx';

// Route APIs by id rather than the route objects, so the route file's lazy import of this file is no cycle.
const groupRoute = getRouteApi('/_layout/users/group/$groupId');
const networkRoleRoute = getRouteApi('/_layout/users/network-role/$roleId');
const platformRoleRoute = getRouteApi('/_layout/users/platform-role/$roleId');

/** The path ids handed to the pages; `key` remounts the form when the id changes. */
export function GroupView() {
  const { groupId } = groupRoute.useParams();
  return <GroupPage key={groupId} groupId={groupId} />;
}

export function NetworkRoleView() {
  const { roleId } = networkRoleRoute.useParams();
  return <NetworkRolePage key={roleId} roleId={roleId} />;
}

export function PlatformRoleView() {
  const { roleId } = platformRoleRoute.useParams();
  return <PlatformRolePage roleId={roleId} />;
}
