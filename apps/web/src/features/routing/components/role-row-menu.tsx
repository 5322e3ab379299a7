import type { NodeListItem } from '@meshdeck/contracts';
import { Menu } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EgressDialog,
  InternetGatewayDialog,
  RelayDialog,
} from '@/features/routing/components/lazy-dialogs.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useRemoveRole, type RoutingRole } from '@/features/routing/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { LazyRoutingMenu, RowMenu } from './row-menu.tsx';

interface RoleMenuTexts {
  update: string;
  remove: string;
  removeConfirm: string;
  removed: string;
}

/** What differs between the three roles' menus: their texts and the dialog that changes the role. */
const ROLES: Record<
  RoutingRole,
  {
    texts: (t: TFunction<'routing'>, name: string) => RoleMenuTexts;
    dialog: (node: NodeListItem, opened: boolean, onClose: () => void) => ReactNode;
  }
> = {
  relay: {
    texts: (t, name) => ({
      update: t('menu.updateRelay'),
      remove: t('menu.removeRelay'),
      removeConfirm: t('menu.removeRelayConfirm', { name }),
      removed: t('menu.relayRemoved', { name }),
    }),
    dialog: (node, opened, onClose) => (
      <RelayDialog opened={opened} networkId={node.network} relay={node} onClose={onClose} />
    ),
  },
  egress: {
    texts: (t, name) => ({
      update: t('menu.updateEgress'),
      remove: t('menu.removeEgress'),
      removeConfirm: t('menu.removeEgressConfirm', { name }),
      removed: t('menu.egressRemoved', { name }),
    }),
    dialog: (node, opened, onClose) => (
      <EgressDialog
        opened={opened}
        networkId={node.network}
        gateway={{ id: node.id, name: node.name, ranges: node.egressRanges ?? [] }}
        onClose={onClose}
      />
    ),
  },
  internetGateway: {
    texts: (t, name) => ({
      update: t('menu.updateInet'),
      remove: t('menu.removeInet'),
      removeConfirm: t('menu.removeInetConfirm', { name }),
      removed: t('menu.inetRemoved', { name }),
    }),
    dialog: (node, opened, onClose) => (
      <InternetGatewayDialog opened={opened} networkId={node.network} gateway={node} onClose={onClose} />
    ),
  },
};

export interface RoleRowMenuProps {
  role: RoutingRole;
  /** The node holding the role: a relay, an egress gateway or an internet gateway. */
  node: NodeListItem;
  /** Which items the user may use (useRoleWrites); the menu offers only those. */
  canUpdate: boolean;
  canDelete: boolean;
}

/** A role holder's row menu: change it in the role's dialog, or remove the role (features §3.13-3.15). */
export function RoleRowMenu(props: RoleRowMenuProps) {
  return <LazyRoutingMenu name={props.node.name} render={() => <RoleMenu {...props} />} />;
}

function RoleMenu({ role, node, canUpdate, canDelete }: RoleRowMenuProps) {
  const { t } = useTranslation('routing');
  const [pending, setPending] = useState<'update' | 'delete'>();
  const close = () => setPending(undefined);
  const remove = useRemoveRole(role);
  const texts = ROLES[role].texts(t, node.name);
  const handleDelete = () =>
    remove.mutate(node, {
      onSuccess: () => notifySuccess(texts.removed),
      onError: (error) => notifyFailure(t('menu.failed'), error),
      onSettled: close,
    });
  return (
    <RowMenu
      name={node.name}
      dialogs={
        <>
          {ROLES[role].dialog(node, pending === 'update', close)}
          <ConfirmDialog
            opened={pending === 'delete'}
            title={texts.remove}
            message={texts.removeConfirm}
            confirmLabel={texts.remove}
            isPending={remove.isPending}
            onConfirm={handleDelete}
            onClose={close}
          />
        </>
      }
    >
      {canUpdate && (
        <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setPending('update')}>
          {texts.update}
        </Menu.Item>
      )}
      {canDelete && (
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setPending('delete')}>
          {texts.remove}
        </Menu.Item>
      )}
    </RowMenu>
  );
}
