import type { PeopleUser } from '@meshdeck/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-message.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useTransferSuperAdmin } from '../api/user-mutations.ts';

export interface TransferSuperAdminDialogProps {
  opened: boolean;
  users: readonly PeopleUser[];
  /** Preselected admin, when opened from that admin's row. */
  initialUsername?: string;
  onTransferred: () => void;
  onClose: () => void;
}

/** Hands the super-admin role to an admin; the caller becomes an admin (api-contract §2.12, features §3.22). */
export function TransferSuperAdminDialog(props: TransferSuperAdminDialogProps) {
  const { t } = useTranslation('people');
  const transfer = useTransferSuperAdmin();
  const [chosen, setChosen] = useState<string | null>(null);
  const target = chosen ?? props.initialUsername ?? null;
  const admins = props.users.filter((user) => user.platformRoleId === 'admin');

  const handleClose = () => {
    setChosen(null);
    transfer.reset();
    props.onClose();
  };

  const handleConfirm = () => {
    if (!target) return;
    transfer.mutate(target, {
      onSuccess: () => {
        notifySuccess(t('users.transferred', { name: target }));
        props.onTransferred();
        handleClose();
      },
    });
  };

  return (
    <Modal opened={props.opened} onClose={handleClose} title={t('users.transferTitle')}>
      <Stack>
        <Text size="sm">{t('users.transferExplain')}</Text>
        {transfer.isError && <Alert color="red">{describeError(transfer.error)}</Alert>}
        <Select
          label={t('users.transferTo')}
          data={admins.map((user) => user.username)}
          value={target}
          onChange={setChosen}
          searchable
          nothingFoundMessage={t('users.noAdmins')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" disabled={!target} loading={transfer.isPending} onClick={handleConfirm}>
            {t('users.transferConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
