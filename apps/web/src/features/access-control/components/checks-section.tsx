import type { AccessAssertionWire } from '@meshdeck/contracts';
import { ActionIcon, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useAssertions } from '@/features/access-control/api/access-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import type { NetworkWrites } from '@/lib/permissions.ts';
import { useDeleteAssertion } from '../api/acl-mutations.ts';
import { CheckDialog } from './check-dialog.tsx';

/**
 * The network's checks ("must reach" / "must not reach", issue 32): a policy, tag or matrix save that would break
 * one is refused, and its impact names the broken pairs before anyone tries.
 */
export function ChecksSection({ networkId, writes }: { networkId: string; writes: NetworkWrites }) {
  const { t } = useTranslation('access');
  const { t: tCommon } = useTranslation('common');
  const checks = useAssertions(networkId);
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<AccessAssertionWire>();
  const remove = useDeleteAssertion(networkId);
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(t('checks.deleted', { name: deleting.name })),
      onError: (error) => notifyFailure(t('checks.deleteFailed'), error),
      onSettled: () => setDeleting(undefined),
    });
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <div>
          <Title order={2} fz="lg">
            {t('checks.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('checks.description')}
          </Text>
        </div>
        {writes.canCreate && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setIsAdding(true)}
          >
            {t('checks.add')}
          </Button>
        )}
      </Group>
      {checks.error && <LoadError error={checks.error} onRetry={checks.refetch} />}
      {checks.isPending && !checks.error && (
        <Text fz="sm" c="dimmed" role="status">
          {tCommon('loading')}
        </Text>
      )}
      {checks.data && checks.data.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('checks.empty')}
        </Text>
      )}
      {checks.data && checks.data.length > 0 && (
        <Table aria-label={t('checks.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('checks.columns.name')}</Table.Th>
              <Table.Th>{t('checks.columns.rule')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {checks.data.map((check) => (
              <Table.Tr key={check.id}>
                <Table.Td>{check.name}</Table.Td>
                <Table.Td>
                  {t(check.expect === 'reach' ? 'checks.mustReach' : 'checks.mustNotReach', {
                    from: check.from.name,
                    to: check.to.name,
                  })}
                  {check.port > 0 ? ` (${check.protocol}/${check.port})` : ''}
                </Table.Td>
                <Table.Td w={50}>
                  {writes.canDelete && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('checks.deleteFor', { name: check.name })}
                      onClick={() => setDeleting(check)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CheckDialog opened={isAdding} networkId={networkId} onClose={() => setIsAdding(false)} />
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('checks.deleteTitle')}
        message={t('checks.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('checks.delete')}
        isPending={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
