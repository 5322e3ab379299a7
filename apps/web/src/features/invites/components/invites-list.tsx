import type { PeopleInvite } from '@meshdeck/contracts';
import { ActionIcon, Code, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useDeleteInvite } from '../api/invite-mutations.ts';
import { inviteLink } from './invite-link.ts';

/** The invites just created: email, code and link, each copyable, and delete (the dialog's step two). */
export function InvitesList({ invites }: { invites: readonly PeopleInvite[] }) {
  const { t } = useTranslation('people');
  const remove = useDeleteInvite();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const shown = invites.filter((invite) => !removed.has(invite.email));

  if (shown.length === 0) return <Text c="dimmed">{t('invites.noneCreated')}</Text>;
  return (
    <Table aria-label={t('invites.createdLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('columns.email')}</Table.Th>
          <Table.Th>{t('columns.inviteCode')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((invite) => (
          <Table.Tr key={invite.email}>
            <Table.Td>{invite.email}</Table.Td>
            <Table.Td>
              {invite.code === '' ? (
                // The server shows codes only to those who may invite (an auditor reads the list without them).
                <Text c="dimmed" size="sm">
                  {t('invites.codeHidden')}
                </Text>
              ) : (
                <Group gap={4} wrap="nowrap">
                  <Code>{invite.code}</Code>
                  <CopyButton value={invite.code} label={t('invites.copyCode', { email: invite.email })} />
                  <CopyButton
                    value={inviteLink(invite)}
                    label={t('invites.copyLink', { email: invite.email })}
                  />
                </Group>
              )}
            </Table.Td>
            <Table.Td>
              <Tooltip label={t('actions.delete')}>
                <ActionIcon
                  color="red"
                  variant="subtle"
                  aria-label={t('invites.deleteFor', { email: invite.email })}
                  onClick={() =>
                    remove.mutate(invite.email, {
                      onSuccess: () => {
                        setRemoved((previous) => new Set([...previous, invite.email]));
                        notifySuccess(t('invites.deleted', { email: invite.email }));
                      },
                      onError: (error) => notifyFailure(t('invites.deleteFailed'), error),
                    })
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
