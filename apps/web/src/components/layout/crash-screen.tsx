import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBug, IconHome, IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { buildBugReportUrl } from '@/lib/bug-report.ts';

/**
 * Shown when rendering throws (spec §2 "Crash screen"). It uses no router hooks so it also works when the
 * router itself is what broke, and "Back Home" reloads the page to start again from a clean state.
 */
export function CrashScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('error');
  const route = `${window.location.pathname}${window.location.search}`;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconMoodSad size={36} stroke={1.5} />
        </ThemeIcon>
        <Title order={1}>{t('crashTitle')}</Title>
        <Text c="dimmed">{t('crashText')}</Text>
        <Group justify="center">
          <Button
            component="a"
            href={buildBugReportUrl(route, error)}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconBug size={16} />}
          >
            {t('fileBugReport')}
          </Button>
          <Button component="a" href="/dashboard" leftSection={<IconHome size={16} />}>
            {t('backHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
