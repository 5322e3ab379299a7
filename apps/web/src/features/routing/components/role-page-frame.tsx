import { Button, Stack } from '@mantine/core';
import { IconPlus, IconRoute, IconWorld, IconWorldWww } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import {
  EgressDialog,
  InternetGatewayDialog,
  RelayDialog,
} from '@/features/routing/components/lazy-dialogs.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import type { RoutingRole } from '@/features/routing/api/routing-mutations.ts';

/** Each role's page: its key (titles, breadcrumb), icon, texts (`routing:<texts>.*`) and create dialog. */
const PAGES = {
  relay: { page: 'relays', Icon: IconRoute, texts: 'relays', Dialog: RelayDialog },
  egress: { page: 'egress', Icon: IconWorld, texts: 'egress', Dialog: EgressDialog },
  internetGateway: {
    page: 'internet-gateways',
    Icon: IconWorldWww,
    texts: 'inet',
    Dialog: InternetGatewayDialog,
  },
} as const;

export interface RolePageFrameProps {
  role: RoutingRole;
  networkId: string;
  /** Those who may create the role (its resource kind's create scope) get the create button. */
  canCreate: boolean;
  /** The network's node rows (useNetworkRows): a loader until they are here, an alert when they fail. */
  list: { isPending: boolean; error: Error | null; refetch: () => unknown };
  /** Whether any node holds the role: the tables show, else the empty state offers to create the first. */
  hasHolders: boolean;
  /** The page's tables. */
  children: ReactNode;
}

/** A routing page's frame: header with the create button, loader, error, empty state, the create dialog. */
export function RolePageFrame(props: RolePageFrameProps) {
  const { t } = useTranslation('routing');
  const { t: tPages } = useTranslation('pages');
  const [isCreating, setIsCreating] = useState(false);
  const { page, Icon, texts, Dialog } = PAGES[props.role];
  const createButton = props.canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
      {t(`${texts}.create`)}
    </Button>
  );
  return (
    <Stack p="md" gap="lg">
      <PageHeader
        title={tPages(`${page}.title`)}
        breadcrumbs={pageCrumbs(tPages, page, props.networkId)}
        description={tPages(`${page}.description`)}
        icon={<Icon size={24} />}
        actions={props.hasHolders ? createButton : undefined}
      />
      {/* A failed read is never "no relays yet": that would invite creating one that exists. */}
      {props.list.error && !props.hasHolders ? (
        <LoadError error={props.list.error} onRetry={props.list.refetch} />
      ) : props.list.isPending ? (
        <CenteredLoader fullHeight={false} />
      ) : !props.hasHolders ? (
        <EmptyState
          icon={<Icon size={28} />}
          title={t(`${texts}.emptyTitle`)}
          description={t(`${texts}.emptyText`)}
          action={createButton}
        />
      ) : (
        props.children
      )}
      <Dialog opened={isCreating} networkId={props.networkId} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
