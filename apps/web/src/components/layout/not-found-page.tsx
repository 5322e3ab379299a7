import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MantineRoot } from './mantine-root.tsx';

/** The 404 page: /404 itself and any path no route matches (spec §2 route table). */
export function NotFoundPage() {
  const { t } = useTranslation('error');
  // Its own provider: it also shows beneath the root, outside any layout that has one (decision 016).
  return (
    <MantineRoot notifications={false}>
      <Stack align="center" gap="sm" ta="center" py="xl">
        <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden>
          {t('notFoundCode')}
        </Text>
        <Title order={1}>{t('notFoundTitle')}</Title>
        <Text c="dimmed" maw={420}>
          {t('notFoundText')}
        </Text>
        <Button component={Link} to="/dashboard" mt="md">
          {t('goToDashboard')}
        </Button>
      </Stack>
    </MantineRoot>
  );
}
