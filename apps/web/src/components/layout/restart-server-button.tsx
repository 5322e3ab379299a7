import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client.ts';
import { notifyFailure } from '@/lib/notify.ts';
import { useSession } from '@/lib/session.ts';

/** Only the super admin may restart; the server refuses everyone else, so the button is not offered to them. */
const SUPER_ADMIN_ROLE = 'super-admin';

/** Above the health dialog, which is itself above everything else. */
const CONFIRM_Z_INDEX = 1000;

/**
 * "Restart server" with its confirmation (spec §2 "Restart confirmation"). The server exits and its supervisor
 * starts it again; the status poll then shows the console recovering on its own.
 */
export function RestartServerButton() {
  const { t } = useTranslation(['shell', 'common']);
  const isSuperAdmin = useSession((state) => state.user?.platformRoleId === SUPER_ADMIN_ROLE);
  const [isConfirming, setConfirming] = useState(false);
  const restart = useMutation({
    mutationFn: () => apiClient.post('server/shutdown'),
    onSuccess: () =>
      notifications.show({
        color: 'green',
        title: t('serverHealth.restartedTitle'),
        message: t('serverHealth.restartedText'),
      }),
    onError: (error) => notifyFailure(t('serverHealth.restartFailed'), error),
    onSettled: () => setConfirming(false),
  });
  if (!isSuperAdmin) return null;

  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconRefresh size={16} />}
        onClick={() => setConfirming(true)}
      >
        {t('serverHealth.restart')}
      </Button>
      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={t('serverHealth.restart')}
        zIndex={CONFIRM_Z_INDEX}
        centered
      >
        <Text>{t('serverHealth.restartConfirm')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common:cancel')}
          </Button>
          <Button color="red" loading={restart.isPending} onClick={() => restart.mutate()}>
            {t('serverHealth.restartAction')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
