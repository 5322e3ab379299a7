import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { GroupsTab } from '@/features/groups/groups-tab.tsx';
import { InviteDialog } from '@/features/invites/components/invite-dialog.tsx';
import { InvitesTab } from '@/features/invites/invites-tab.tsx';
import { NetworkRolesTab } from '@/features/roles/network-roles-tab.tsx';
import { UsersPage } from '@/features/users/users-page.tsx';

// The route API by id rather than the route object, so the route file's lazy import of this file is no cycle.
const usersRoute = getRouteApi('/_layout/users');

/** /users: the users feature's page with the groups, roles and invites features in its slots (features §3.22). */
export function UsersView() {
  const { tab } = usersRoute.useSearch();
  const navigate = usersRoute.useNavigate();
  const [isInviting, setIsInviting] = useState(false);
  return (
    <>
      <UsersPage
        tab={tab ?? 'users'}
        groupsPanel={<GroupsTab />}
        rolesPanel={<NetworkRolesTab />}
        invitesPanel={<InvitesTab onInvite={() => setIsInviting(true)} />}
        onInvite={() => setIsInviting(true)}
        onTabChange={(next) =>
          void navigate({ search: (previous) => ({ ...previous, tab: next === 'users' ? undefined : next }) })
        }
      />
      <InviteDialog opened={isInviting} onClose={() => setIsInviting(false)} />
    </>
  );
}
