import { Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useUsers } from '@/lib/api/people-queries.ts';
import { notifyFailure } from '@/lib/notify.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { useGatewayUsers, useSetGatewayUser } from '../api/gateway-users.ts';

function GatewayUsers({ gateway }: { gateway: GatewayRow }) {
  const { t } = useTranslation('remoteAccess');
  const { t: tCommon } = useTranslation('common');
  const users = useUsers();
  const attached = useGatewayUsers(gateway.id);
  const setUser = useSetGatewayUser();
  const [search, setSearch] = useState('');
  const attachedNames = useMemo(
    () => new Set((attached.data ?? []).map((user) => user.username)),
    [attached.data],
  );
  const shown = (users.data ?? []).filter((user) =>
    user.username.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const toggle = (username: string, isAttached: boolean) =>
    setUser.mutate(
      { username, gatewayId: gateway.id, isAttached },
      {
        onError: (error) =>
          notifyFailure(isAttached ? t('users.attachFailed') : t('users.detachFailed'), error),
      },
    );
  if (users.isPending || attached.isPending) return <Loader size="sm" aria-label={tCommon('loading')} />;
  const error = users.error ?? attached.error;
  if (error)
    return <LoadError error={error} onRetry={() => Promise.all([users.refetch(), attached.refetch()])} />;
  return (
    <Stack>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('users.search')}
        aria-label={t('users.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Table aria-label={t('users.title', { name: gateway.name })} striped>
        <Table.Tbody>
          {shown.map((user) => {
            const isAttached = attachedNames.has(user.username);
            return (
              <Table.Tr key={user.username}>
                <Table.Td>{user.username}</Table.Td>
                <Table.Td>{isAttached ? t('users.attached') : ''}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant={isAttached ? 'light' : 'filled'}
                    color={isAttached ? 'red' : undefined}
                    loading={setUser.isPending && setUser.variables.username === user.username}
                    onClick={() => toggle(user.username, !isAttached)}
                  >
                    {isAttached ? t('users.detach') : t('users.attach')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {shown.length === 0 && (
        <Text c="dimmed" fz="sm" ta="center">
          {t('users.empty')}
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        {t('users.detachHint')}
      </Text>
    </Stack>
  );
}

/** "Add / Remove Users" on a gateway (features §3.12, pro): attach or detach each user. */
export function GatewayUsersDialog({
  gateway,
  onClose,
}: {
  gateway: GatewayRow | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('remoteAccess');
  return (
    <Modal
      opened={gateway !== undefined}
      onClose={onClose}
      title={t('users.title', { name: gateway?.name ?? '' })}
      size="lg"
      centered
    >
      {gateway && <GatewayUsers key={gateway.id} gateway={gateway} />}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('close')}
        </Button>
      </Group>
    </Modal>
  );
}
