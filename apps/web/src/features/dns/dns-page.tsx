import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkListFrame } from '@/components/layout/network-list-frame.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useCanManageNetwork } from '@/lib/permissions.ts';
import { useDeleteDnsEntry, useDnsRows, type DnsRow } from './api/dns.ts';
import { DnsDialog } from './components/dns-dialog.tsx';
import { DnsTable } from './components/dns-table.tsx';

const routeApi = getRouteApi('/_layout/networks/$networkId/dns');

/** /networks/{id}/dns (checklist §3.19): automatic and custom entries, copy, add with address choices, delete. */
export function DnsPage() {
  const { t } = useTranslation('access');
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
    <NetworkListFrame
      page="dns"
      networkId={networkId}
      addLabel={t('dns.add')}
      onAdd={canManage ? () => setIsAdding(true) : undefined}
      searchLabel={t('dns.search')}
      search={search.search}
      onSearch={(value) => setSearch({ search: value })}
      error={rows.error}
    >
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
    </NetworkListFrame>
  );
}
