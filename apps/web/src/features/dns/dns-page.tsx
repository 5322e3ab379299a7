import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkListFrame } from '@/components/layout/network-list-frame.tsx';
import { useDeleteConfirmation } from '@/components/ui/use-delete-confirmation.tsx';
import { patchSearch } from '@/lib/patch-search.ts';
import { useCanChangeInNetwork } from '@/lib/permissions.ts';
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
  // Add and delete each follow their own scope (decision 053).
  const canCreate = useCanChangeInNetwork(networkId, 'dns', 'create');
  const canDelete = useCanChangeInNetwork(networkId, 'dns', 'delete');
  const rows = useDnsRows(networkId);
  const [isAdding, setIsAdding] = useState(false);
  const remove = useDeleteDnsEntry(networkId);
  const { onDelete, dialog } = useDeleteConfirmation<DnsRow>({
    remove: (row, callbacks) => remove.mutate(row.name, callbacks),
    isPending: remove.isPending,
    nameOf: (row) => row.name,
    title: t('dns.deleteTitle'),
    confirmLabel: t('dns.delete'),
    message: (name) => t('dns.deleteMessage', { name }),
    deleted: (name) => t('dns.deleted', { name }),
    failed: t('dns.deleteFailed'),
  });
  return (
    <NetworkListFrame
      page="dns"
      networkId={networkId}
      addLabel={t('dns.add')}
      onAdd={canCreate ? () => setIsAdding(true) : undefined}
      searchLabel={t('dns.search')}
      search={search.search}
      onSearch={(value) => setSearch({ search: value })}
    >
      <DnsTable
        rows={rows.data ?? []}
        query={rows}
        search={search.search ?? ''}
        onDelete={canDelete ? onDelete : undefined}
      />
      <DnsDialog opened={isAdding} networkId={networkId} onClose={() => setIsAdding(false)} />
      {dialog}
    </NetworkListFrame>
  );
}
