import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCircleCheck,
  IconDots,
  IconDeviceDesktop,
  IconPlugConnected,
  IconPlugConnectedX,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveNetwork } from '@/lib/api/host-mutations.ts';
import { useApproveNode, useSetNodeConnected } from '@/features/nodes/api/node-mutations.ts';
import type { NodeActionTarget } from '@/features/nodes/api/node-mutations.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { NO_ROLES, useIsProServer, type RoutingRoles } from '@/features/routing/routing.public.ts';
import { useRoutingActions } from '@/features/routing/routing-actions.public.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { paths } from '@/lib/paths.ts';
import { useNodeWrites } from './node-writes.ts';

// The tag editor (impact preview, tag queries) loads only when someone opens it, not with every node list.
const NodeTagsDialog = lazy(() =>
  import('./node-tags-dialog.tsx').then((module) => ({ default: module.NodeTagsDialog })),
);

export interface NodeActionsMenuProps {
  node: NodeActionTarget;
  hostName: string;
  /** Opens at once: list rows mount the menu on the first click (LazyRowMenu). */
  defaultOpened?: boolean;
  /** Hidden on the host's own page, where it would link to itself. */
  hasHostLink?: boolean;
  onRemoved?: () => void;
  /** The node's routing roles: when given, the menu offers to make or remove a relay, gateway or failover. */
  roles?: RoutingRoles;
  /** The node's tag ids: when given (Pro), the menu offers to edit them. */
  tags?: readonly string[];
}

/**
 * Whether the node waits for an admin's approval: only then is Approve offered (the server answers 400 "node is
 * already approved" for any other). The server marks such a node in its wire form (`action: "pending"`); nodes
 * that join with a key are approved, and a list row without the wire form does not offer it.
 */
const isPendingApproval = (node: NodeActionTarget): boolean => node.wire?.action === 'pending';

/**
 * Connect / disconnect, approve, view the host, routing roles (relay, egress, internet gateway, failover) and remove
 * it from the network (features §3.9, §3.11). Each item shows only to callers whose role grants the scope of the
 * request it sends (decision 053).
 */
export function NodeActionsMenu({
  node,
  hostName,
  hasHostLink = true,
  onRemoved,
  defaultOpened,
  roles,
  tags,
}: NodeActionsMenuProps) {
  const { t } = useTranslation('nodes');
  const setConnected = useSetNodeConnected();
  const approve = useApproveNode();
  const leave = useLeaveNetwork();
  const [pending, setPending] = useState<'disconnect' | 'remove' | 'tags'>();
  const close = () => setPending(undefined);
  const isPro = useIsProServer();
  const routing = useRoutingActions(node, roles ?? NO_ROLES, hostName, isPro);
  const writes = useNodeWrites(node.network);
  const canTag = writes.canTag && tags !== undefined;

  const handleConnected = (isConnected: boolean) =>
    setConnected.mutate(
      { node, isConnected },
      {
        onSuccess: () =>
          notifySuccess(
            isConnected
              ? t('actions.connected', { name: hostName })
              : t('actions.disconnected', { name: hostName }),
          ),
        onError: (error) => notifyFailure(t('actions.connectFailed'), error),
        onSettled: close,
      },
    );
  const handleApprove = () =>
    approve.mutate(node, {
      onSuccess: () => notifySuccess(t('actions.approved', { name: hostName })),
      onError: (error) => notifyFailure(t('actions.approveFailed'), error),
    });
  const handleRemove = (force: boolean) =>
    leave.mutate(
      { hostId: node.hostId, networkId: node.network, force },
      {
        onSuccess: () => {
          notifySuccess(t('actions.removed', { name: hostName, network: node.network }));
          onRemoved?.();
        },
        onError: (error) => notifyFailure(t('actions.removeFailed'), error),
        onSettled: close,
      },
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('actions.menu', { name: hostName })}
            onClick={(event) => event.stopPropagation()}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
          {hasHostLink && (
            <Menu.Item
              component={Link}
              to={paths.host(node.hostId)}
              leftSection={<IconDeviceDesktop size={14} />}
            >
              {t('actions.viewDevice')}
            </Menu.Item>
          )}
          {writes.hosts.canUpdate &&
            (node.isConnected ? (
              <Menu.Item
                leftSection={<IconPlugConnectedX size={14} />}
                onClick={() => setPending('disconnect')}
              >
                {t('actions.disconnect')}
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconPlugConnected size={14} />} onClick={() => handleConnected(true)}>
                {t('actions.connect')}
              </Menu.Item>
            ))}
          {writes.hosts.canCreate && isPendingApproval(node) && (
            <Menu.Item leftSection={<IconCircleCheck size={14} />} onClick={handleApprove}>
              {t('actions.approve')}
            </Menu.Item>
          )}
          {canTag && (
            <Menu.Item leftSection={<IconTag size={14} />} onClick={() => setPending('tags')}>
              {t('tags.edit')}
            </Menu.Item>
          )}
          {roles && routing.items}
          {writes.hosts.canDelete && (
            <>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => setPending('remove')}
              >
                {t('actions.remove')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={pending === 'disconnect'}
        title={t('actions.disconnect')}
        message={t('actions.disconnectConfirm', { name: hostName, network: node.network })}
        confirmLabel={t('actions.disconnect')}
        isPending={setConnected.isPending}
        onConfirm={() => handleConnected(false)}
        onClose={close}
      />
      <ConfirmDialog
        opened={pending === 'remove'}
        title={t('actions.remove')}
        message={t('actions.removeConfirm', { name: hostName, network: node.network })}
        confirmLabel={t('actions.remove')}
        forceLabel={t('actions.force')}
        isPending={leave.isPending}
        onConfirm={handleRemove}
        onClose={close}
      />
      {canTag && pending === 'tags' && (
        <Suspense fallback={null}>
          <NodeTagsDialog
            opened={pending === 'tags'}
            nodeId={node.id}
            networkId={node.network}
            name={hostName}
            tags={tags ?? []}
            onClose={close}
          />
        </Suspense>
      )}
      {roles && routing.dialogs}
    </>
  );
}
