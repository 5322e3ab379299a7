import type { NodeListItem } from '@meshdeck/contracts';
import { IconPlugConnectedX, IconRouteOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  useRemoveEgress,
  useRemoveRelay,
  useSetEgress,
  useSetInternetGateway,
  useSetRelay,
} from '@/features/routing/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import type { RangeRow } from '../egress-rows.ts';
import { canTakeOut, type RoleWrites } from '@/lib/permissions.ts';
import { ConfirmRowMenu, LazyRoutingMenu } from './row-menu.tsx';

/**
 * The menus of what a role holder serves: a relayed node, a node routed through an internet gateway, an egress
 * range. Each takes the one row out of its holder in one request; the holder keeps the others, and with none left
 * a relay or an egress gateway loses its role.
 */
export interface MemberRowMenuProps {
  node: NodeListItem;
  /** Every member of the table: the holder keeps the others. */
  members: readonly NodeListItem[];
  names: ReadonlyMap<string, string>;
}

/** The members a holder keeps when `node` leaves it. */
const othersOf = (
  members: readonly NodeListItem[],
  node: NodeListItem,
  holderOf: (item: NodeListItem) => string | undefined,
) =>
  members.filter((item) => holderOf(item) === holderOf(node) && item.id !== node.id).map((item) => item.id);

/**
 * A relayed node's row menu: stop relaying it (features §3.13); none when the user may not send the request that
 * takes (the relay's create route with the others, or its removal when none are left).
 */
export function RelayedRowMenu(props: MemberRowMenuProps & { writes: RoleWrites }) {
  const left = othersOf(props.members, props.node, (item) => item.relayedBy).length;
  if (!canTakeOut(props.writes, left)) return null;
  return <LazyRoutingMenu name={props.node.name} render={() => <RelayedMenu {...props} />} />;
}

function RelayedMenu({ node, members, names }: MemberRowMenuProps) {
  const { t } = useTranslation('routing');
  const setRelay = useSetRelay();
  const removeRelay = useRemoveRelay();
  const relayId = node.relayedBy ?? '';
  const relayName = names.get(relayId) ?? relayId;
  const handleStop = (done: () => void) => {
    const others = othersOf(members, node, (item) => item.relayedBy);
    const target = { network: node.network, id: relayId };
    const options = {
      onSuccess: () => notifySuccess(t('relays.stopped', { name: node.name, relay: relayName })),
      onError: (error: unknown) => notifyFailure(t('menu.failed'), error),
      onSettled: done,
    };
    if (others.length === 0) removeRelay.mutate(target, options);
    else setRelay.mutate({ node: target, relayed: others }, options);
  };
  return (
    <ConfirmRowMenu
      name={node.name}
      action={t('relays.stop')}
      icon={<IconRouteOff size={14} />}
      message={t('relays.stopConfirm', { name: node.name, relay: relayName })}
      isPending={setRelay.isPending || removeRelay.isPending}
      onConfirm={handleStop}
    />
  );
}

/** A connected node's row menu: disconnect it from its internet gateway (features §3.15). */
export function InetClientRowMenu(props: MemberRowMenuProps) {
  return <LazyRoutingMenu name={props.node.name} render={() => <ClientMenu {...props} />} />;
}

function ClientMenu({ node, members, names }: MemberRowMenuProps) {
  const { t } = useTranslation('routing');
  const setGateway = useSetInternetGateway();
  const gatewayId = node.internetGatewayId ?? '';
  const gatewayName = names.get(gatewayId) ?? gatewayId;
  const handleDisconnect = (done: () => void) => {
    const others = members
      .filter((item) => item.internetGatewayId === gatewayId && item.id !== node.id)
      .map((item) => item.id);
    setGateway.mutate(
      { node: { network: node.network, id: gatewayId }, clients: others, isNew: false },
      {
        onSuccess: () => notifySuccess(t('inet.disconnected', { name: node.name, gateway: gatewayName })),
        onError: (error) => notifyFailure(t('menu.failed'), error),
        onSettled: done,
      },
    );
  };
  return (
    <ConfirmRowMenu
      name={node.name}
      action={t('inet.disconnect')}
      icon={<IconPlugConnectedX size={14} />}
      message={t('inet.disconnectConfirm', { name: node.name, gateway: gatewayName })}
      isPending={setGateway.isPending}
      onConfirm={handleDisconnect}
    />
  );
}

/**
 * A range's row menu: delete the range from its egress gateway (features §3.14); none when the user may not send
 * that request (the gateway's create route with the other ranges, or its removal for the last one).
 */
export function RangeRowMenu({ row, writes }: { row: RangeRow; writes: RoleWrites }) {
  const left = (row.gateway.egressRanges ?? []).filter((range) => range.network !== row.network).length;
  if (!canTakeOut(writes, left)) return null;
  return (
    <LazyRoutingMenu name={`${row.network} ${row.gateway.name}`} render={() => <RangeMenu row={row} />} />
  );
}

function RangeMenu({ row }: { row: RangeRow }) {
  const { t } = useTranslation('routing');
  const setEgress = useSetEgress();
  const removeEgress = useRemoveEgress();
  const handleDelete = (done: () => void) => {
    const others = (row.gateway.egressRanges ?? []).filter((range) => range.network !== row.network);
    const options = {
      onSuccess: () =>
        notifySuccess(t('egress.rangeDeleted', { range: row.network, name: row.gateway.name })),
      onError: (error: unknown) => notifyFailure(t('menu.failed'), error),
      onSettled: done,
    };
    if (others.length === 0) removeEgress.mutate(row.gateway, options);
    else setEgress.mutate({ node: row.gateway, ranges: others }, options);
  };
  return (
    <ConfirmRowMenu
      name={`${row.network} ${row.gateway.name}`}
      action={t('egress.deleteRange')}
      icon={<IconTrash size={14} />}
      message={t('egress.deleteRangeConfirm', { range: row.network, name: row.gateway.name })}
      isPending={setEgress.isPending || removeEgress.isPending}
      onConfirm={handleDelete}
    />
  );
}
