import { Menu, Text } from '@mantine/core';
import {
  IconRoute,
  IconRouteOff,
  IconShieldCheck,
  IconWorld,
  IconWorldOff,
  IconWorldWww,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import {
  useRemoveEgress,
  useRemoveInternetGateway,
  useRemoveRelay,
  useSetFailover,
  type RoutingTarget,
} from '@/features/routing/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useIsPlatformAdmin, useRoleWrites } from '@/lib/permissions.ts';
import { EgressDialog, InternetGatewayDialog, RelayDialog } from './lazy-dialogs.tsx';
import { whyNotRole, type RoutingRole, type RoutingRoles } from './routing-roles.ts';

type Pending = 'relay' | 'egress' | 'inet' | 'removeRelay' | 'removeEgress' | 'removeInet' | 'removeFailover';

/**
 * The node menu's routing items (features §3.11: make relay, egress gateway, internet gateway, failover; remove
 * each) and the dialogs they open. Internet gateways and failover exist on Pro servers only; failover is set by
 * platform admins (api-contract §2.9). A role the server would refuse for this node is shown disabled with the
 * reason (relays on community: Pro only; a Windows host: Linux only ...), never offered to fail (issue 39). Each item
 * shows only to callers whose role grants the scope of the request it sends (decision 053).
 */
export function useRoutingActions(
  node: RoutingTarget,
  roles: RoutingRoles,
  name: string,
  isPro: boolean,
): { items: ReactNode; dialogs: ReactNode } {
  const { t } = useTranslation('routing');
  const isAdmin = useIsPlatformAdmin();
  const relay = useRoleWrites(node.network, 'relay');
  const egress = useRoleWrites(node.network, 'egress');
  const inet = useRoleWrites(node.network, 'internetGateway');
  const [pending, setPending] = useState<Pending>();
  const close = () => setPending(undefined);
  const removeRelay = useRemoveRelay();
  const removeEgress = useRemoveEgress();
  const removeInet = useRemoveInternetGateway();
  const setFailover = useSetFailover();

  const run = <T,>(
    mutation: { mutate: (input: T, options: object) => void },
    input: T,
    done: string,
    failed: string,
  ) =>
    mutation.mutate(input, {
      onSuccess: () => notifySuccess(t(done as 'menu.relayRemoved', { name })),
      onError: (error: unknown) => notifyFailure(t(failed as 'menu.failed'), error),
      onSettled: close,
    });

  // Why a role cannot be given; a role the node already has can always be changed or removed.
  const reasonFor = (role: RoutingRole, hasRole: boolean) => {
    const reason = hasRole ? undefined : whyNotRole(role, roles, { isPro, isAdmin });
    return reason && t(`gating.${reason}`);
  };
  const roleItem = (
    role: RoutingRole,
    icon: ReactNode,
    label: string,
    hasRole: boolean,
    onClick: () => void,
  ) => {
    const reason = reasonFor(role, hasRole);
    return (
      <Menu.Item leftSection={icon} disabled={reason !== undefined} onClick={onClick}>
        {label}
        {reason !== undefined && (
          <Text size="xs" c="dimmed">
            {reason}
          </Text>
        )}
      </Menu.Item>
    );
  };

  const items = (
    <>
      <Menu.Divider />
      {!roles.isRelayed &&
        (roles.isRelay ? relay.canUpdate : relay.canCreate) &&
        roleItem(
          'relay',
          <IconRoute size={14} />,
          roles.isRelay ? t('menu.updateRelay') : t('menu.makeRelay'),
          roles.isRelay,
          () => setPending('relay'),
        )}
      {roles.isRelay && relay.canDelete && (
        <Menu.Item leftSection={<IconRouteOff size={14} />} onClick={() => setPending('removeRelay')}>
          {t('menu.removeRelay')}
        </Menu.Item>
      )}
      {(roles.isEgress ? egress.canUpdate : egress.canCreate) &&
        roleItem(
          'egress',
          <IconWorld size={14} />,
          roles.isEgress ? t('menu.updateEgress') : t('menu.makeEgress'),
          roles.isEgress,
          () => setPending('egress'),
        )}
      {roles.isEgress && egress.canDelete && (
        <Menu.Item leftSection={<IconWorldOff size={14} />} onClick={() => setPending('removeEgress')}>
          {t('menu.removeEgress')}
        </Menu.Item>
      )}
      {isPro &&
        !roles.isInternetClient &&
        (roles.isInternetGateway ? inet.canUpdate : inet.canCreate) &&
        roleItem(
          'inet',
          <IconWorldWww size={14} />,
          roles.isInternetGateway ? t('menu.updateInet') : t('menu.makeInet'),
          roles.isInternetGateway,
          () => setPending('inet'),
        )}
      {isPro && roles.isInternetGateway && inet.canDelete && (
        <Menu.Item leftSection={<IconWorldOff size={14} />} onClick={() => setPending('removeInet')}>
          {t('menu.removeInet')}
        </Menu.Item>
      )}
      {isPro &&
        isAdmin &&
        roleItem(
          'failover',
          <IconShieldCheck size={14} />,
          roles.isFailover ? t('menu.removeFailover') : t('menu.setFailover'),
          roles.isFailover,
          () =>
            roles.isFailover
              ? setPending('removeFailover')
              : run(setFailover, { node, isFailover: true }, 'menu.failoverSet', 'menu.failed'),
        )}
    </>
  );

  const confirm = (kind: Pending, title: string, message: string, onConfirm: () => void, isBusy: boolean) => (
    <ConfirmDialog
      opened={pending === kind}
      title={title}
      message={message}
      confirmLabel={title}
      isPending={isBusy}
      onConfirm={onConfirm}
      onClose={close}
    />
  );
  const dialogs = (
    <>
      {
        <RelayDialog
          opened={pending === 'relay'}
          networkId={node.network}
          relay={{ id: node.id, name }}
          isNew={!roles.isRelay}
          onClose={close}
        />
      }
      {
        <EgressDialog
          opened={pending === 'egress'}
          networkId={node.network}
          gateway={{ id: node.id, name, ranges: roles.egressRanges }}
          isNew={!roles.isEgress}
          onClose={close}
        />
      }
      {isPro && (
        <InternetGatewayDialog
          opened={pending === 'inet'}
          networkId={node.network}
          gateway={{ id: node.id, name }}
          isNew={!roles.isInternetGateway}
          onClose={close}
        />
      )}
      {confirm(
        'removeRelay',
        t('menu.removeRelay'),
        t('menu.removeRelayConfirm', { name }),
        () => run(removeRelay, node, 'menu.relayRemoved', 'menu.failed'),
        removeRelay.isPending,
      )}
      {confirm(
        'removeEgress',
        t('menu.removeEgress'),
        t('menu.removeEgressConfirm', { name }),
        () => run(removeEgress, node, 'menu.egressRemoved', 'menu.failed'),
        removeEgress.isPending,
      )}
      {confirm(
        'removeInet',
        t('menu.removeInet'),
        t('menu.removeInetConfirm', { name }),
        () => run(removeInet, node, 'menu.inetRemoved', 'menu.failed'),
        removeInet.isPending,
      )}
      {confirm(
        'removeFailover',
        t('menu.removeFailover'),
        t('menu.removeFailoverConfirm', { name }),
        () => run(setFailover, { node, isFailover: false }, 'menu.failoverRemoved', 'menu.failed'),
        setFailover.isPending,
      )}
    </>
  );
  return { items, dialogs };
}
