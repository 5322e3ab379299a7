import { networkDisplayName } from '@meshdeck/contracts';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { describeError } from '@/lib/error-message.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useCanManageNetwork } from '@/lib/permissions.ts';
import { useDeleteDnsEntry, useDnsRows, type DnsRow } from './api/dns.ts';
import { DnsDialog } from './components/dns-dialog.tsx';
import { DnsTable } from './components/dns-table.tsx';

const routeApi = getRouteApi('/_layout/networks/$networkId/dns');

/** /networks/{id}/dns (checklist §3.19): automatic and custom entries, copy, add with address choices, delete. */
export function DnsPage() {
  const { t } = useTranslation('access');
  const { t: tPages } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  const canManage = useCanManageNetwork(networkId);
  const rows = useDnsRows(networkId);
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<DnsRow>();
  const remove = useDeleteDnsEntry(networkId);
  const onDelete = useCallback((row: DnsRow) => setDeleting(row), []);
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.name, {
      onSuccess: () => notifySuccess(t('dns.deleted', { name: deleting.name })),
      onError: (error) => notifyFailure(t('dns.deleteFailed'), error),
      onSettled: () => setDeleting(undefined),
    });
  };
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={tPages('dns.title')}
        description={tPages('dns.description')}
        icon={<PageIcon page="dns" />}
        breadcrumbs={[
          { label: tPages('networks.title'), href: paths.networks() },
          { label: networkDisplayName(networkId), href: paths.network(networkId) },
          { label: tPages('dns.title') },
        ]}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setIsAdding(true)}>
              {t('dns.add')}
            </Button>
          )
        }
      />
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('dns.search')}
        aria-label={t('dns.search')}
        value={search.search ?? ''}
        onChange={(event) => setSearch({ search: event.currentTarget.value })}
        maw={360}
      />
      {rows.error && <Alert color="red">{describeError(rows.error)}</Alert>}
      <DnsTable
        rows={rows.data ?? []}
        search={search.search ?? ''}
        canManage={canManage}
        onDelete={onDelete}
      />
      <DnsDialog opened={isAdding} networkId={networkId} onClose={() => setIsAdding(false)} />
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('dns.deleteTitle')}
        message={t('dns.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('dns.delete')}
        isPending={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
