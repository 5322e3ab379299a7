import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupName } from '@/lib/group-name.ts';
import { platformRoleLabel } from '@/features/roles/roles.public.ts';
import { useGroups, useRoles } from '@/lib/api/people-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { assignablePlatformRoles } from '@/lib/people-rules.ts';
import { useSession } from '@/lib/session.ts';
import { useApprovePending } from '../api/user-mutations.ts';

/**
 * Approves a pending user with the platform role and groups the admin picks: Platform user by default, the
 * least that signs in to the console (the contract alone would make every approved user a service user).
 */
export function ApprovePendingDialog({
  username,
  onClose,
}: {
  username: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const isOpen = username !== undefined;
  const callerRoleId = useSession((state) => state.user?.platformRoleId ?? '');
  const platformRoles = useRoles('platform', isOpen);
  const groups = useGroups(isOpen);
  const approve = useApprovePending();
  const [platformRoleId, setPlatformRoleId] = useState('platform-user');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const roleOptions = assignablePlatformRoles(
    callerRoleId,
    (platformRoles.data ?? []).map((role) => role.id),
  ).map((id) => ({
    value: id,
    label: platformRoleLabel(t, id, platformRoles.data?.find((role) => role.id === id)?.name),
  }));
  const chosen = platformRoles.data?.find((role) => role.id === platformRoleId);

  const handleClose = () => {
    setPlatformRoleId('platform-user');
    setGroupIds([]);
    onClose();
  };
  const handleApprove = () => {
    if (!username) return;
    approve.mutate(
      { username, platformRoleId, groupIds },
      {
        onSuccess: () => {
          notifySuccess(t('pending.approved', { name: username }));
          handleClose();
        },
        onError: (error) => notifyFailure(t('pending.approveFailed'), error),
      },
    );
  };

  return (
    <Modal opened={isOpen} onClose={handleClose} title={t('pending.approveTitle', { name: username ?? '' })}>
      <Stack>
        <Select
          label={t('form.platformRole')}
          data={roleOptions}
          value={platformRoleId}
          onChange={(value) => value && setPlatformRoleId(value)}
          allowDeselect={false}
        />
        {chosen && !chosen.canUseDashboard && (
          <Text size="sm" c="yellow">
            {t('invites.noConsole', { role: platformRoleLabel(t, chosen.id, chosen.name) })}
          </Text>
        )}
        <MultiSelect
          label={t('form.groups')}
          data={(groups.data ?? []).map((group) => ({ value: group.id, label: groupName(t, group) }))}
          value={groupIds}
          onChange={setGroupIds}
          searchable
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={handleApprove} loading={approve.isPending}>
            {t('pending.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
