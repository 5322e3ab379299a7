import type { NodeListItem } from '@meshdeck/contracts';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { describeError } from '@/lib/error-message.ts';
import { useNodeRows } from './routing-roles.ts';

/**
 * Renders a routing form once the network's node rows are here: the form's first values (the nodes a relay or a
 * gateway already serves) come from them, and a form's initial values are read only once.
 */
export function WithNodeRows({
  networkId,
  children,
}: {
  networkId: string;
  children: (rows: readonly NodeListItem[]) => ReactNode;
}) {
  const rows = useNodeRows(networkId);
  if (rows.error) return <Alert color="red">{describeError(rows.error)}</Alert>;
  if (!rows.data) return <CenteredLoader />;
  return children(rows.data);
}
