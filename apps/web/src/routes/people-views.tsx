import { GroupPage } from '@/features/groups/group-page.tsx';
import { NetworkRolePage } from '@/features/roles/network-role-page.tsx';
import { PlatformRolePage } from '@/features/roles/platform-role-page.tsx';
import { groupRoute, networkRoleRoute, platformRoleRoute } from './people-pages.ts';

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
