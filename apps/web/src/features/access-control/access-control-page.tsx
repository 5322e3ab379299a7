import type { Acl } from '@meshdeck/contracts';
import { networkDisplayName } from '@meshdeck/contracts';
import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconHelpCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DenyNotice } from '@/features/access-control/components/deny-notice.tsx';
import { ImpactConfirmDialog } from '@/features/access-control/components/impact-confirm-dialog.tsx';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { useAcls } from '@/features/access-control/api/access-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useNetworkWrites } from '@/lib/permissions.ts';
import { useServerStatus } from '@/lib/server-status.ts';
import { previewPolicies, useDeletePolicy, useSavePolicy } from './api/acl-mutations.ts';
import { policyTypeField } from './access-control-search.ts';
import { ChecksSection } from './components/checks-section.tsx';
import { PoliciesTable } from './components/policies-table.tsx';
import { PolicyDialog } from './components/policy-dialog.tsx';
import { WhyDialog } from './components/why-dialog.tsx';
import { policyName } from './policy-name.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/access-control');

/** The body that flips a policy's Active switch (default policies take only `enabled`). */
const toggled = (acl: Acl) => ({
  id: acl.id,
  name: acl.name,
  network_id: acl.network_id,
  policy_type: acl.policy_type === 'user-policy' ? ('user-policy' as const) : ('device-policy' as const),
  src_type: acl.src_type.map((r) => ({ id: r.id as 'tag', value: r.value })),
  dst_type: acl.dst_type.map((r) => ({ id: r.id as 'tag', value: r.value })),
  allowed_traffic_direction: acl.allowed_traffic_direction === 0 ? (0 as const) : (1 as const),
  enabled: !acl.enabled,
  protocol: acl.protocol as 'all',
  type: acl.type as 'Any',
  ports: acl.ports,
});

/**
 * /networks/{id}/access-control (checklist §3.16): the network's policies with type chips, the add and edit
 * dialog, the Active switch and delete, each showing its impact before it is saved; the network's checks; and
 * "Why?", which answers for two picked nodes what flows between them and which rules decide it.
 */
export function AccessControlPage() {
  const { t } = useTranslation('access');
  const { t: tPages } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  // Each button on the scope of its request (decision 053): Add creates, the switch and Edit update, Delete deletes.
  const writes = useNetworkWrites(networkId, 'acl');
  const isPro = useServerStatus(useQueryClient()).status.isPro;
  const acls = useAcls(networkId);
  const [editing, setEditing] = useState<Acl>();
  const [deleting, setDeleting] = useState<Acl>();
  const [toggling, setToggling] = useState<Acl>();
  const [isAsking, setIsAsking] = useState(false);
  const deletePolicy = useDeletePolicy(networkId);
  const savePolicy = useSavePolicy(networkId);
  const policies = useMemo(
    () => (acls.data ?? []).filter((acl) => !search.type || acl.policy_type === search.type),
    [acls.data, search.type],
  );
  const isAdding = search.add === true;
  const openAdd = () => setSearch({ add: true });
  const closeAdd = () => setSearch({ add: undefined });
  const onEdit = useCallback((acl: Acl) => setEditing(acl), []);
  const onDelete = useCallback((acl: Acl) => setDeleting(acl), []);
  const onToggle = useCallback((acl: Acl) => setToggling(acl), []);

  const handleDelete = () => {
    if (!deleting) return;
    deletePolicy.mutate(deleting.id, {
      onSuccess: () => notifySuccess(t('policies.deleted', { name: deleting.name })),
      onError: (error) => notifyFailure(t('policies.deleteFailed'), error),
      onSettled: () => setDeleting(undefined),
    });
  };
  const handleToggle = () => {
    if (!toggling) return;
    savePolicy.mutate(toggled(toggling), {
      onSuccess: () =>
        notifySuccess(
          t(toggling.enabled ? 'policies.disabled' : 'policies.enabled', { name: policyName(t, toggling) }),
        ),
      onError: (error) => notifyFailure(t('policies.saveFailed'), error),
      onSettled: () => setToggling(undefined),
    });
  };

  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={tPages('access-control.title')}
        description={tPages('access-control.description')}
        icon={<PageIcon page="access-control" />}
        breadcrumbs={[
          { label: tPages('networks.title'), href: paths.networks() },
          { label: networkDisplayName(networkId), href: paths.network(networkId) },
          { label: tPages('access-control.title') },
        ]}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconHelpCircle size={16} />}
              onClick={() => setIsAsking(true)}
            >
              {t('why.button')}
            </Button>
            <Button
              variant="default"
              onClick={() => void navigate({ href: paths.network(networkId, 'old-acls') })}
            >
              {t('policies.openMatrix')}
            </Button>
            {writes.canCreate && (
              <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
                {t('policies.add')}
              </Button>
            )}
          </>
        }
      />
      <DenyNotice networkId={networkId} onAddPolicy={writes.canCreate ? openAdd : undefined} />
      <Group gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('policies.search')}
          aria-label={t('policies.search')}
          value={search.search ?? ''}
          onChange={(event) => setSearch({ search: event.currentTarget.value })}
        />
        <SegmentedControl
          aria-label={t('policies.typeFilter')}
          value={search.type ?? 'all'}
          onChange={(value) => setSearch({ type: policyTypeField(value) })}
          data={[
            { value: 'all', label: t('types.all') },
            { value: 'device-policy', label: t('types.device-policy') },
            { value: 'user-policy', label: t('types.user-policy') },
          ]}
        />
      </Group>
      <PoliciesTable
        policies={policies}
        query={acls}
        totalCount={acls.data?.length ?? 0}
        search={search.search ?? ''}
        writes={writes}
        onEdit={onEdit}
        onDelete={onDelete}
        onToggle={onToggle}
      />
      <ChecksSection networkId={networkId} writes={writes} />
      <PolicyDialog
        opened={isAdding && writes.canCreate}
        networkId={networkId}
        isPro={isPro}
        onClose={closeAdd}
      />
      <PolicyDialog
        opened={editing !== undefined}
        networkId={networkId}
        isPro={isPro}
        policy={editing}
        onClose={() => setEditing(undefined)}
      />
      <WhyDialog opened={isAsking} networkId={networkId} onClose={() => setIsAsking(false)} />
      <ImpactConfirmDialog
        opened={deleting !== undefined}
        title={t('policies.deleteTitle')}
        message={t('policies.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('policies.delete')}
        isDestructive
        preview={() => previewPolicies({ network_id: networkId, delete: [deleting?.id ?? ''] })}
        isPending={deletePolicy.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(undefined)}
      />
      <ImpactConfirmDialog
        opened={toggling !== undefined}
        title={t(toggling?.enabled ? 'policies.disableTitle' : 'policies.enableTitle')}
        message={t(toggling?.enabled ? 'policies.disableMessage' : 'policies.enableMessage', {
          name: toggling ? policyName(t, toggling) : '',
        })}
        confirmLabel={t('policies.confirmSave')}
        preview={() =>
          toggling
            ? previewPolicies({ network_id: networkId, update: [toggled(toggling)] })
            : Promise.reject(new Error('no policy'))
        }
        isPending={savePolicy.isPending}
        onConfirm={handleToggle}
        onClose={() => setToggling(undefined)}
      />
    </Stack>
  );
}
