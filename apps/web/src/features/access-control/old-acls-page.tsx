import { networkDisplayName } from '@meshdeck/contracts';
import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImpactConfirmDialog } from '@/features/access-control/components/impact-confirm-dialog.tsx';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useNetworkMembers } from '@/lib/api/network-members.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useCanChangeInNetwork } from '@/lib/permissions.ts';
import { previewMatrix, useMatrix, useSaveMatrix } from './api/matrix.ts';
import { AclMatrix } from './components/acl-matrix.tsx';
import { LIST_HEIGHT } from '@/lib/constants.ts';
import {
  ALLOW,
  DENY,
  NO_EDITS,
  changedCells,
  packMatrix,
  toggleCell,
  type MatrixEdits,
} from './components/matrix-state.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/old-acls');

/**
 * /networks/{id}/old-acls (checklist §3.17): the node-to-node allow / deny matrix, virtualised so it stays usable
 * at 1,000 nodes; Allow all, Block all, Reset and Submit, which sends only the changed pairs after showing their
 * impact.
 */
export function OldAclsPage() {
  const { t } = useTranslation('access');
  const { t: tPages } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  // Saving the matrix is a PUT (update; its preview passes with it): a role without update gets the matrix to read.
  const canManage = useCanChangeInNetwork(networkId, 'acl', 'update');
  const container = useMatrix(networkId);
  const members = useNetworkMembers(networkId);
  const [edits, setEdits] = useState<MatrixEdits>(NO_EDITS);
  const [isReviewing, setIsReviewing] = useState(false);
  const save = useSaveMatrix(networkId);
  const matrix = useMemo(() => {
    if (!container.data || members.isPending) return undefined;
    return packMatrix(container.data, new Map(members.members.map((m) => [m.id, m.name])));
  }, [container.data, members.isPending, members.members]);
  const hasClients = matrix?.members.some((m) => m.isClient) ?? false;
  const shown = useMemo(() => {
    if (!matrix) return [];
    const text = (search.search ?? '').trim().toLowerCase();
    return matrix.members.flatMap((m, i) =>
      (search.clients || !m.isClient) && (!text || m.name.toLowerCase().includes(text)) ? [i] : [],
    );
  }, [matrix, search.search, search.clients]);
  const changes = useMemo(
    () => (matrix ? changedCells(matrix, edits) : { body: {}, count: 0 }),
    [matrix, edits],
  );
  const handleToggle = useCallback(
    (i: number, j: number) => setEdits((current) => (matrix ? toggleCell(matrix, current, i, j) : current)),
    [matrix],
  );
  const handleSubmit = () =>
    save.mutate(changes.body, {
      onSuccess: () => {
        notifySuccess(t('matrix.saved'));
        setEdits(NO_EDITS);
      },
      onError: (error) => notifyFailure(t('matrix.saveFailed'), error),
      onSettled: () => setIsReviewing(false),
    });

  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={tPages('old-acls.title')}
        description={tPages('old-acls.description')}
        icon={<PageIcon page="old-acls" />}
        breadcrumbs={[
          { label: tPages('networks.title'), href: paths.networks() },
          { label: networkDisplayName(networkId), href: paths.network(networkId) },
          { label: tPages('old-acls.title') },
        ]}
      />
      <Text fz="sm" c="dimmed">
        {t('matrix.hint')}
      </Text>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('matrix.search')}
            aria-label={t('matrix.search')}
            value={search.search ?? ''}
            onChange={(event) => setSearch({ search: event.currentTarget.value })}
          />
          {hasClients && (
            <Switch
              label={t('matrix.showClients')}
              checked={search.clients === true}
              onChange={(event) => setSearch({ clients: event.currentTarget.checked || undefined })}
            />
          )}
        </Group>
        {canManage && (
          <Group gap="xs">
            <Button variant="light" color="green" onClick={() => setEdits({ base: ALLOW, pairs: new Map() })}>
              {t('matrix.allowAll')}
            </Button>
            <Button variant="light" color="red" onClick={() => setEdits({ base: DENY, pairs: new Map() })}>
              {t('matrix.blockAll')}
            </Button>
            <Button variant="default" disabled={edits === NO_EDITS} onClick={() => setEdits(NO_EDITS)}>
              {t('matrix.reset')}
            </Button>
            <Button disabled={changes.count === 0} onClick={() => setIsReviewing(true)}>
              {t('matrix.submit')}
            </Button>
          </Group>
        )}
      </Group>
      {changes.count > 0 && (
        <Text fz="sm" role="status">
          {t('matrix.changed', { count: changes.count })}
        </Text>
      )}
      {container.error && <LoadError error={container.error} onRetry={container.refetch} />}
      {!matrix && !container.error && <CenteredLoader fullHeight={false} />}
      {matrix && matrix.members.length === 0 && <Text c="dimmed">{t('matrix.empty')}</Text>}
      {matrix && matrix.members.length > 0 && (
        <AclMatrix
          matrix={matrix}
          shown={shown}
          edits={edits}
          canEdit={canManage}
          onToggle={handleToggle}
          height={LIST_HEIGHT}
        />
      )}
      <ImpactConfirmDialog
        opened={isReviewing}
        title={t('matrix.reviewTitle')}
        message={t('matrix.reviewMessage', { count: changes.count })}
        confirmLabel={t('matrix.submit')}
        preview={() => previewMatrix(networkId, changes.body)}
        isPending={save.isPending}
        onConfirm={handleSubmit}
        onClose={() => setIsReviewing(false)}
      />
    </Stack>
  );
}
