import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktopPlus, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { paths } from '@/lib/paths.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session.ts';

// Loaded beside the page rather than with it: /dashboard's first screen stays within its size budget. Until its
// code is in, the shell's own spinner (a status, never an empty card); then the card's own skeletons.
const MeshHealth = lazy(() =>
  import('./components/mesh-health-panel.tsx').then((module) => ({ default: module.MeshHealth })),
);

/**
 * /dashboard (features §3.5): a welcome, the create actions, the mesh's health and the networks table. The table belongs to the
 * networks feature, so the route passes it in; features never import each other.
 */
export function DashboardPage({ networks }: { networks: ReactNode }) {
  const { t } = useTranslation(['info', 'pages']);
  const username = useSession((state) => state.username);
  const openCreateNetwork = useCreateNetworkDialog((state) => state.open);
  // Creating networks and adding devices are global writes: platform admins only (spec §6).
  const isAdmin = useIsPlatformAdmin();

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('pages:dashboard.title')}
        description={t('pages:dashboard.description')}
        icon={<PageIcon page="dashboard" />}
        actions={
          isAdmin && (
            <>
              <Button leftSection={<IconPlus size={16} />} onClick={openCreateNetwork}>
                {t('createNetwork')}
              </Button>
              <Button
                variant="default"
                component={Link}
                to={paths.newHost()}
                leftSection={<IconDeviceDesktopPlus size={16} />}
              >
                {t('addDevice')}
              </Button>
            </>
          )
        }
      />
      <Card withBorder padding="lg">
        <Title order={2} fz="xl">
          {t('welcome', { username: username ?? '' })}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('dashboardIntro')}
        </Text>
      </Card>
      <Suspense fallback={<CenteredLoader fullHeight={false} />}>
        <MeshHealth />
      </Suspense>
      {networks}
    </Stack>
  );
}
