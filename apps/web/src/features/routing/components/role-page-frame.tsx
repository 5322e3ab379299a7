import { Alert, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { describeError } from '@/lib/error-message.ts';

export interface RolePageFrameProps {
  page: 'relays' | 'egress' | 'internet-gateways';
  networkId: string;
  icon: ComponentType<{ size?: number }>;
  /** The create button's text; the button shows for those who manage the network. */
  createLabel: string;
  emptyTitle: string;
  emptyText: string;
  canManage: boolean;
  /** The network's node rows (useNetworkRows): a loader until they are here, an alert when they fail. */
  list: { isPending: boolean; error: Error | null };
  /** Whether any node holds the role: the tables show, else the empty state offers to create the first. */
  hasHolders: boolean;
  /** The role's create dialog. */
  createDialog: (opened: boolean, onClose: () => void) => ReactNode;
  /** The page's tables. */
  children: ReactNode;
}

/** A routing page's frame: header with the create button, loader, error, empty state, the create dialog. */
export function RolePageFrame(props: RolePageFrameProps) {
  const { t: tPages } = useTranslation('pages');
  const [isCreating, setIsCreating] = useState(false);
  const Icon = props.icon;
  const createButton = props.canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
      {props.createLabel}
    </Button>
  );
  return (
    <Stack p="md" gap="lg">
      <PageHeader
        title={tPages(`${props.page}.title`)}
        breadcrumbs={pageCrumbs(tPages, props.page, props.networkId)}
        description={tPages(`${props.page}.description`)}
        icon={<Icon size={24} />}
        actions={props.hasHolders ? createButton : undefined}
      />
      {props.list.error && <Alert color="red">{describeError(props.list.error)}</Alert>}
      {props.list.isPending ? (
        <CenteredLoader />
      ) : !props.hasHolders ? (
        <EmptyState
          icon={<Icon size={28} />}
          title={props.emptyTitle}
          description={props.emptyText}
          action={createButton}
        />
      ) : (
        props.children
      )}
      {props.createDialog(isCreating, () => setIsCreating(false))}
    </Stack>
  );
}
