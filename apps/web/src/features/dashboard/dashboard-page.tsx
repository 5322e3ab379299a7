import { UI_VERSION } from '@meshdeck/contracts';
import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ThemeToggle } from '@/components/ui/theme-toggle.tsx';
import { formatVersion } from '@/lib/format.ts';
import { useSession } from '@/lib/session.ts';
import { useLogout } from '@/lib/logout.ts';

const routeApi = getRouteApi('/_layout/dashboard');

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} fz="lg" mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/** /dashboard: a minimal welcome until the shell and the networks table arrive (features §3.5). */
export function DashboardPage() {
  const { t } = useTranslation(['info', 'common']);
  const username = useSession((state) => state.username);
  const { serverInfo } = routeApi.useLoaderData();
  const logout = useLogout();
  const unknown = t('common:unknown');

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="center">
          <Title order={1}>{t('dashboardTitle')}</Title>
          <Group gap="xs">
            <ThemeToggle />
            <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
              {t('common:logout')}
            </Button>
          </Group>
        </Group>
        <Stack gap={4}>
          <Title order={2}>{t('welcome', { username: username ?? '' })}</Title>
          <Text c="dimmed">{t('dashboardIntro')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t('serverVersion')} value={serverInfo ? formatVersion(serverInfo.version) : unknown} />
          <Fact label={t('consoleVersion')} value={formatVersion(UI_VERSION)} />
          <Fact
            label={t('edition')}
            value={serverInfo ? (serverInfo.isPro ? t('editionPro') : t('editionCommunity')) : unknown}
          />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
