import type { TagListItem } from '@meshdeck/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkListFrame } from '@/components/layout/network-list-frame.tsx';
import { useDeleteConfirmation } from '@/components/ui/use-delete-confirmation.tsx';
import { useTags } from '@/features/access-control/access-control.public.ts';
import { useNetworkMembers } from '@/lib/api/network-members.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useCanChangeInNetwork } from '@/lib/permissions.ts';
import { useDeleteTag } from './api/tag-mutations.ts';
import { TagDialog } from './components/tag-dialog.tsx';
import { TagsTable } from './components/tags-table.tsx';

const routeApi = getRouteApi('/_layout/networks/$networkId/tag-manager');

/** /networks/{id}/tag-manager (checklist §3.18, Pro): tags, their devices and users; create, edit, rename, delete. */
export function TagManagerPage() {
  const { t } = useTranslation('access');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  // Each button follows its own scope (decision 053): create POSTs, edit PUTs, delete DELETEs.
  const canCreate = useCanChangeInNetwork(networkId, 'tag', 'create');
  const canUpdate = useCanChangeInNetwork(networkId, 'tag', 'update');
  const canDelete = useCanChangeInNetwork(networkId, 'tag', 'delete');
  const tags = useTags(networkId);
  const { members } = useNetworkMembers(networkId);
  const names = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<TagListItem>();
  const remove = useDeleteTag(networkId);
  const onEdit = useCallback((tag: TagListItem) => setEditing(tag), []);
  const { onDelete, dialog } = useDeleteConfirmation<TagListItem>({
    remove: (tag, callbacks) => remove.mutate(tag.id, callbacks),
    isPending: remove.isPending,
    nameOf: (tag) => tag.tag_name,
    title: t('tags.deleteTitle'),
    confirmLabel: t('tags.delete'),
    message: (name) => t('tags.deleteMessage', { name }),
    deleted: (name) => t('tags.deleted', { name }),
    failed: t('tags.deleteFailed'),
  });
  return (
    <NetworkListFrame
      page="tag-manager"
      networkId={networkId}
      addLabel={t('tags.add')}
      onAdd={canCreate ? () => setIsCreating(true) : undefined}
      searchLabel={t('tags.search')}
      search={search.search}
      onSearch={(value) => setSearch({ search: value })}
    >
      <TagsTable
        tags={tags.data ?? []}
        query={tags}
        search={search.search ?? ''}
        names={names}
        onEdit={canUpdate ? onEdit : undefined}
        onDelete={canDelete ? onDelete : undefined}
      />
      <TagDialog opened={isCreating} networkId={networkId} onClose={() => setIsCreating(false)} />
      <TagDialog
        opened={editing !== undefined}
        networkId={networkId}
        tag={editing}
        onClose={() => setEditing(undefined)}
      />
      {dialog}
    </NetworkListFrame>
  );
}
