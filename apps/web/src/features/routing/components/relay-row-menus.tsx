import type { NodeListItem } from '@meshdeck/contracts';
import { Menu } from '@mantine/core';
import { IconEdit, IconRouteOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRowMenu } from '@/components/data-table/lazy-row-menu.tsx';
import { RelayDialog } from '@/components/routing/lazy-dialogs.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useRemoveRelay, useSetRelay } from '@/lib/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { RowMenu } from './row-menu.tsx';

/** A relay's row menu: change the relayed nodes, delete the relay (features §3.13). */
export function RelayRowMenu({ relay }: { relay: NodeListItem }) {
  const { t } = useTranslation('routing');
  return (
    <LazyRowMenu label={t('rowMenu', { name: relay.name })} render={() => <RelayMenu relay={relay} />} />
  );
}

function RelayMenu({ relay }: { relay: NodeListItem }) {
  const { t } = useTranslation('routing');
  const [pending, setPending] = useState<'update' | 'delete'>();
  const close = () => setPending(undefined);
  const remove = useRemoveRelay();
  const handleDelete = () =>
    remove.mutate(relay, {
      onSuccess: () => notifySuccess(t('menu.relayRemoved', { name: relay.name })),
      onError: (error) => notifyFailure(t('menu.failed'), error),
      onSettled: close,
    });
  return (
    <RowMenu
      label={t('rowMenu', { name: relay.name })}
      dialogs={
        <>
          <RelayDialog
            opened={pending === 'update'}
            networkId={relay.network}
            relay={relay}
            onClose={close}
          />
          <ConfirmDialog
            opened={pending === 'delete'}
            title={t('menu.removeRelay')}
            message={t('menu.removeRelayConfirm', { name: relay.name })}
            confirmLabel={t('menu.removeRelay')}
            isPending={remove.isPending}
            onConfirm={handleDelete}
            onClose={close}
          />
        </>
      }
    >
      <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setPending('update')}>
        {t('menu.updateRelay')}
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setPending('delete')}>
        {t('menu.removeRelay')}
      </Menu.Item>
    </RowMenu>
  );
}

export interface RelayedRowMenuProps {
  node: NodeListItem;
  /** Every relayed node: the relay keeps the others. */
  relayed: readonly NodeListItem[];
  names: ReadonlyMap<string, string>;
}

/** A relayed node's row menu: stop relaying it (its relay keeps the others; with none left it stops relaying). */
export function RelayedRowMenu(props: RelayedRowMenuProps) {
  const { t } = useTranslation('routing');
  return (
    <LazyRowMenu label={t('rowMenu', { name: props.node.name })} render={() => <RelayedMenu {...props} />} />
  );
}

function RelayedMenu({ node, relayed, names }: RelayedRowMenuProps) {
  const { t } = useTranslation('routing');
  const [isConfirming, setIsConfirming] = useState(false);
  const setRelay = useSetRelay();
  const removeRelay = useRemoveRelay();
  const relayId = node.relayedBy ?? '';
  const relayName = names.get(relayId) ?? relayId;
  const handleStop = () => {
    const others = relayed
      .filter((item) => item.relayedBy === relayId && item.id !== node.id)
      .map((item) => item.id);
    const target = { network: node.network, id: relayId };
    const options = {
      onSuccess: () => notifySuccess(t('relays.stopped', { name: node.name, relay: relayName })),
      onError: (error: unknown) => notifyFailure(t('menu.failed'), error),
      onSettled: () => setIsConfirming(false),
    };
    if (others.length === 0) removeRelay.mutate(target, options);
    else setRelay.mutate({ node: target, relayed: others }, options);
  };
  return (
    <RowMenu
      label={t('rowMenu', { name: node.name })}
      dialogs={
        <ConfirmDialog
          opened={isConfirming}
          title={t('relays.stop')}
          message={t('relays.stopConfirm', { name: node.name, relay: relayName })}
          confirmLabel={t('relays.stop')}
          isPending={setRelay.isPending || removeRelay.isPending}
          onConfirm={handleStop}
          onClose={() => setIsConfirming(false)}
        />
      }
    >
      <Menu.Item color="red" leftSection={<IconRouteOff size={14} />} onClick={() => setIsConfirming(true)}>
        {t('relays.stop')}
      </Menu.Item>
    </RowMenu>
  );
}
