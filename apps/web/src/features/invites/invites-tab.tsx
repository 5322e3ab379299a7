import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconMailPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useInvites } from '@/lib/api/people-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useDeleteAllInvites } from './api/invite-mutations.ts';
import { InvitesList } from './components/invites-list.tsx';

/** The Invites tab of /users: search, reload, invite, clear all, and the invites with copy and delete. */
export function InvitesTab({ onInvite }: { onInvite: () => void }) {
  const { t } = useTranslation('people');
  const invites = useInvites();
  const clearAll = useDeleteAllInvites();
  const [search, setSearch] = useState('');
  const [isClearing, setIsClearing] = useState(false);
  const needle = search.trim().toLowerCase();
  const shown = (invites.data ?? []).filter((invite) => invite.email.toLowerCase().includes(needle));

  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('invites.search')}
            aria-label={t('invites.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void invites.refetch()}
          >
            {t('actions.reload')}
          </Button>
        </Group>
        <Group>
          <Button
            color="red"
            variant="light"
            disabled={shown.length === 0}
            onClick={() => setIsClearing(true)}
          >
            {t('invites.clearAll')}
          </Button>
          <Button leftSection={<IconMailPlus size={16} />} onClick={onInvite}>
            {t('invites.invite')}
          </Button>
        </Group>
      </Group>
      {invites.isError ? (
        <LoadError error={invites.error} onRetry={invites.refetch} />
      ) : invites.isPending ? (
        <CenteredLoader fullHeight={false} />
      ) : (
        <InvitesList invites={shown} />
      )}
      <ConfirmDialog
        opened={isClearing}
        title={t('invites.clearAllTitle')}
        message={t('invites.clearAllMessage')}
        confirmLabel={t('invites.clearAll')}
        isPending={clearAll.isPending}
        onConfirm={() =>
          clearAll.mutate(undefined, {
            onSuccess: () => notifySuccess(t('invites.cleared')),
            onError: (error) => notifyFailure(t('invites.deleteFailed'), error),
            onSettled: () => setIsClearing(false),
          })
        }
        onClose={() => setIsClearing(false)}
      />
    </Stack>
  );
}
