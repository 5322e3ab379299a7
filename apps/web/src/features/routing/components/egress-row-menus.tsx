import type { NodeListItem } from '@meshdeck/contracts';
import { Menu } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRowMenu } from '@/components/data-table/lazy-row-menu.tsx';
import { EgressDialog } from '@/components/routing/lazy-dialogs.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useRemoveEgress, useSetEgress } from '@/lib/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import type { RangeRow } from '../egress-rows.ts';
import { RowMenu } from './row-menu.tsx';

/** An egress gateway's row menu: change its ranges, NAT and metrics; delete it (features §3.14). */
export function GatewayRowMenu({ gateway }: { gateway: NodeListItem }) {
  const { t } = useTranslation('routing');
  return (
    <LazyRowMenu
      label={t('rowMenu', { name: gateway.name })}
      render={() => <GatewayMenu gateway={gateway} />}
    />
  );
}

function GatewayMenu({ gateway }: { gateway: NodeListItem }) {
  const { t } = useTranslation('routing');
  const [pending, setPending] = useState<'update' | 'delete'>();
  const close = () => setPending(undefined);
  const remove = useRemoveEgress();
  const handleDelete = () =>
    remove.mutate(gateway, {
      onSuccess: () => notifySuccess(t('menu.egressRemoved', { name: gateway.name })),
      onError: (error) => notifyFailure(t('menu.failed'), error),
      onSettled: close,
    });
  return (
    <RowMenu
      label={t('rowMenu', { name: gateway.name })}
      dialogs={
        <>
          <EgressDialog
            opened={pending === 'update'}
            networkId={gateway.network}
            gateway={{ id: gateway.id, name: gateway.name, ranges: gateway.egressRanges ?? [] }}
            onClose={close}
          />
          <ConfirmDialog
            opened={pending === 'delete'}
            title={t('menu.removeEgress')}
            message={t('menu.removeEgressConfirm', { name: gateway.name })}
            confirmLabel={t('menu.removeEgress')}
            isPending={remove.isPending}
            onConfirm={handleDelete}
            onClose={close}
          />
        </>
      }
    >
      <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setPending('update')}>
        {t('menu.updateEgress')}
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setPending('delete')}>
        {t('menu.removeEgress')}
      </Menu.Item>
    </RowMenu>
  );
}

/** A range's row menu: delete the range (the gateway keeps its others in one request; the last one deletes it). */
export function RangeRowMenu({ row }: { row: RangeRow }) {
  const { t } = useTranslation('routing');
  return (
    <LazyRowMenu
      label={t('rowMenu', { name: `${row.network} ${row.gateway.name}` })}
      render={() => <RangeMenu row={row} />}
    />
  );
}

function RangeMenu({ row }: { row: RangeRow }) {
  const { t } = useTranslation('routing');
  const [isConfirming, setIsConfirming] = useState(false);
  const setEgress = useSetEgress();
  const removeEgress = useRemoveEgress();
  const handleDelete = () => {
    const others = (row.gateway.egressRanges ?? []).filter((range) => range.network !== row.network);
    const options = {
      onSuccess: () =>
        notifySuccess(t('egress.rangeDeleted', { range: row.network, name: row.gateway.name })),
      onError: (error: unknown) => notifyFailure(t('menu.failed'), error),
      onSettled: () => setIsConfirming(false),
    };
    if (others.length === 0) removeEgress.mutate(row.gateway, options);
    else setEgress.mutate({ node: row.gateway, ranges: others }, options);
  };
  return (
    <RowMenu
      label={t('rowMenu', { name: `${row.network} ${row.gateway.name}` })}
      dialogs={
        <ConfirmDialog
          opened={isConfirming}
          title={t('egress.deleteRange')}
          message={t('egress.deleteRangeConfirm', { range: row.network, name: row.gateway.name })}
          confirmLabel={t('egress.deleteRange')}
          isPending={setEgress.isPending || removeEgress.isPending}
          onConfirm={handleDelete}
          onClose={() => setIsConfirming(false)}
        />
      }
    >
      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setIsConfirming(true)}>
        {t('egress.deleteRange')}
      </Menu.Item>
    </RowMenu>
  );
}
