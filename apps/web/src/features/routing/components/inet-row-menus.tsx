import type { NodeListItem } from '@meshdeck/contracts';
import { Menu } from '@mantine/core';
import { IconEdit, IconPlugConnectedX, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRowMenu } from '@/components/data-table/lazy-row-menu.tsx';
import { InternetGatewayDialog } from '@/components/routing/lazy-dialogs.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useRemoveInternetGateway, useSetInternetGateway } from '@/lib/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { RowMenu } from './row-menu.tsx';

/** An internet gateway's row menu: change its connected nodes, delete it (features §3.15). */
export function InetGatewayRowMenu({ gateway }: { gateway: NodeListItem }) {
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
  const remove = useRemoveInternetGateway();
  const handleDelete = () =>
    remove.mutate(gateway, {
      onSuccess: () => notifySuccess(t('menu.inetRemoved', { name: gateway.name })),
      onError: (error) => notifyFailure(t('menu.failed'), error),
      onSettled: close,
    });
  return (
    <RowMenu
      label={t('rowMenu', { name: gateway.name })}
      dialogs={
        <>
          <InternetGatewayDialog
            opened={pending === 'update'}
            networkId={gateway.network}
            gateway={gateway}
            onClose={close}
          />
          <ConfirmDialog
            opened={pending === 'delete'}
            title={t('menu.removeInet')}
            message={t('menu.removeInetConfirm', { name: gateway.name })}
            confirmLabel={t('menu.removeInet')}
            isPending={remove.isPending}
            onConfirm={handleDelete}
            onClose={close}
          />
        </>
      }
    >
      <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setPending('update')}>
        {t('menu.updateInet')}
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setPending('delete')}>
        {t('menu.removeInet')}
      </Menu.Item>
    </RowMenu>
  );
}

export interface InetClientRowMenuProps {
  node: NodeListItem;
  /** Every connected node: the gateway keeps the others. */
  clients: readonly NodeListItem[];
  names: ReadonlyMap<string, string>;
}

/** A connected node's row menu: disconnect it from its gateway (the gateway keeps its other clients). */
export function InetClientRowMenu(props: InetClientRowMenuProps) {
  const { t } = useTranslation('routing');
  return (
    <LazyRowMenu label={t('rowMenu', { name: props.node.name })} render={() => <ClientMenu {...props} />} />
  );
}

function ClientMenu({ node, clients, names }: InetClientRowMenuProps) {
  const { t } = useTranslation('routing');
  const [isConfirming, setIsConfirming] = useState(false);
  const setGateway = useSetInternetGateway();
  const gatewayId = node.internetGatewayId ?? '';
  const gatewayName = names.get(gatewayId) ?? gatewayId;
  const handleDisconnect = () => {
    const others = clients
      .filter((item) => item.internetGatewayId === gatewayId && item.id !== node.id)
      .map((item) => item.id);
    setGateway.mutate(
      { node: { network: node.network, id: gatewayId }, clients: others, isNew: false },
      {
        onSuccess: () => notifySuccess(t('inet.disconnected', { name: node.name, gateway: gatewayName })),
        onError: (error) => notifyFailure(t('menu.failed'), error),
        onSettled: () => setIsConfirming(false),
      },
    );
  };
  return (
    <RowMenu
      label={t('rowMenu', { name: node.name })}
      dialogs={
        <ConfirmDialog
          opened={isConfirming}
          title={t('inet.disconnect')}
          message={t('inet.disconnectConfirm', { name: node.name, gateway: gatewayName })}
          confirmLabel={t('inet.disconnect')}
          isPending={setGateway.isPending}
          onConfirm={handleDisconnect}
          onClose={() => setIsConfirming(false)}
        />
      }
    >
      <Menu.Item
        color="red"
        leftSection={<IconPlugConnectedX size={14} />}
        onClick={() => setIsConfirming(true)}
      >
        {t('inet.disconnect')}
      </Menu.Item>
    </RowMenu>
  );
}
