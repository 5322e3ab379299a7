import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktopPlus, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { paths } from '@/lib/paths.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session.ts';

/**
 * /dashboard (features §3.5): a welcome, the create actions and the networks table. The table belongs to the
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
      {networks}
    </Stack>
  );
}
