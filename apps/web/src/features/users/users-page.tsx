import { Stack, Tabs, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { useInvites, usePendingUsers } from '@/lib/api/people-queries.ts';
import { useServerStatus } from '@/lib/server-status.ts';
import { PendingUsersTab } from './components/pending-users-tab.tsx';
import { UsersTab } from './components/users-tab.tsx';
import { USERS_TABS, type UsersTabKey } from './users-search.ts';

export interface UsersPageProps {
  tab: UsersTabKey;
  /** The groups feature's tab, placed by the route (features never import each other). */
  groupsPanel: ReactNode;
  /** The roles feature's Network Roles tab. */
  rolesPanel: ReactNode;
  /** The invites feature's tab. */
  invitesPanel: ReactNode;
  /** Opens the invites feature's dialog from the Users tab's add menu. */
  onInvite: () => void;
  onTabChange: (tab: UsersTabKey) => void;
}

/**
 * /users: tabs Users, Groups, Network Roles, Invites (N) and Pending users (N); all but Users exist only on Pro servers,
 * which is read from the server status the shell already polls (features §3.22).
 */
export function UsersPage({
  tab,
  groupsPanel,
  rolesPanel,
  invitesPanel,
  onInvite,
  onTabChange,
}: UsersPageProps) {
  const { t } = useTranslation('people');
  const { status, isLoaded } = useServerStatus(useQueryClient());
  const isPro = status.isPro;
  const invites = useInvites(isPro);
  const pending = usePendingUsers(isPro);
  const active = isPro ? tab : 'users';

  const handleTab = (value: string | null) => {
    const next = USERS_TABS.find((key) => key === value);
    if (next) onTabChange(next);
  };

  // A Pro tab asked for by the URL waits for the edition instead of showing the Users tab as a guess (issue 39).
  if (!isLoaded && tab !== 'users')
    return (
      <Stack>
        <Title order={1}>{t('users.title')}</Title>
        <CenteredLoader fullHeight={false} />
      </Stack>
    );

  return (
    <Stack>
      <Title order={1}>{t('users.title')}</Title>
      <Tabs value={active} onChange={handleTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="users">{t('tabs.users')}</Tabs.Tab>
          {isPro && (
            <>
              <Tabs.Tab value="groups">{t('tabs.groups')}</Tabs.Tab>
              <Tabs.Tab value="roles">{t('tabs.roles')}</Tabs.Tab>
              <Tabs.Tab value="invites">{t('tabs.invites', { count: invites.data?.length ?? 0 })}</Tabs.Tab>
              <Tabs.Tab value="pending">{t('tabs.pending', { count: pending.data?.length ?? 0 })}</Tabs.Tab>
            </>
          )}
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <UsersTab isPro={isPro} onInvite={onInvite} />
        </Tabs.Panel>
        {isPro && (
          <>
            <Tabs.Panel value="groups" pt="md">
              {groupsPanel}
            </Tabs.Panel>
            <Tabs.Panel value="roles" pt="md">
              {rolesPanel}
            </Tabs.Panel>
            <Tabs.Panel value="invites" pt="md">
              {invitesPanel}
            </Tabs.Panel>
            <Tabs.Panel value="pending" pt="md">
              <PendingUsersTab />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </Stack>
  );
}
