import type { EnrollmentKeyItem } from '@meshdeck/contracts';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { CreateKeyDialog } from '@/features/keys/components/create-key-dialog.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useEnrollmentKeys } from '@/features/keys/api/get-enrollment-keys.ts';
import { useHosts } from '@/lib/api/get-hosts.ts';
import { useAllNodes } from '@/lib/api/get-nodes.ts';
import { useDeleteEnrollmentKey } from '@/features/keys/api/enrollment-key-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { EditKeyDialog } from './components/edit-key-dialog.tsx';
import { KeyDetailsDialog } from './components/key-details-dialog.tsx';
import { KeysTable } from './components/keys-table.tsx';

const routeApi = getRouteApi('/_layout/keys');

/** /keys: enrollment keys with create, details (copyable token), edit and delete (features §3.21). */
export function KeysPage() {
  const { t } = useTranslation('keys');
  const params = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setParams = (patch: typeof params) => void navigate({ search: patchSearch(patch), replace: true });
  const keys = useEnrollmentKeys();
  const { data: nodes } = useAllNodes();
  const { data: hosts } = useHosts();
  const deleteKey = useDeleteEnrollmentKey();
  // Auditors may read the keys; only platform admins create, edit or delete them (spec §6).
  const isAdmin = useIsPlatformAdmin();
  const [isCreating, setIsCreating] = useState(false);
  const [openKey, setOpenKey] = useState<EnrollmentKeyItem>();
  const [editKey, setEditKey] = useState<EnrollmentKeyItem>();
  const [deletingKey, setDeletingKey] = useState<EnrollmentKeyItem>();

  // Relay ids read as host names; both lookups are Maps built once per data change.
  const relayNames = useMemo(() => {
    const hostNames = new Map((hosts ?? []).map((host) => [host.id, host.name]));
    return new Map((nodes ?? []).map((node) => [node.id, hostNames.get(node.hostId) ?? node.id]));
  }, [hosts, nodes]);

  const handleDelete = () => {
    if (!deletingKey) return;
    deleteKey.mutate(deletingKey.value, {
      onSuccess: () => notifySuccess(t('deleted', { name: deletingKey.name })),
      onError: (error) => notifyFailure(t('deleteFailed'), error),
      onSettled: () => setDeletingKey(undefined),
    });
  };

  return (
    <Stack p="md">
      <Group justify="space-between">
        {/* A long compound word ("Registrierungsschlüssel") may break rather than widen a phone's page. */}
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {t('title')}
        </Title>
        {isAdmin && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
            {t('createTitle')}
          </Button>
        )}
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        value={params.search ?? ''}
        onChange={(event) => setParams({ search: event.currentTarget.value })}
        maw={360}
      />
      <KeysTable
        keys={keys.data ?? []}
        query={keys}
        relayNames={relayNames}
        search={params.search ?? ''}
        sorting={paramToSorting(params.sort, [{ id: 'name', desc: false }])}
        onSortingChange={(sorting) => setParams({ sort: sortingToParam(sorting) })}
        onOpen={setOpenKey}
        onEdit={setEditKey}
        onDelete={setDeletingKey}
        isReadOnly={!isAdmin}
      />
      <CreateKeyDialog opened={isCreating} onClose={() => setIsCreating(false)} onCreated={setOpenKey} />
      <KeyDetailsDialog
        keyItem={openKey}
        relayName={openKey?.relayNodeId ? relayNames.get(openKey.relayNodeId) : undefined}
        onClose={() => setOpenKey(undefined)}
      />
      <EditKeyDialog keyItem={editKey} onClose={() => setEditKey(undefined)} />
      <ConfirmDialog
        opened={deletingKey !== undefined}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deletingKey?.name ?? '' })}
        confirmLabel={t('delete')}
        isPending={deleteKey.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeletingKey(undefined)}
      />
    </Stack>
  );
}
