import { Anchor, Box, Breadcrumbs, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  label: string;
  /** A path from lib/paths.ts; the last crumb (the page itself) has none. */
  href?: string;
}

export interface PageHeaderProps {
  title: string;
  description: string;
  icon: ReactNode;
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
}

/** Every page's header: breadcrumb, icon, title, one-line description and the page's actions (features §2.1). */
export function PageHeader({ title, description, icon, breadcrumbs = [], actions }: PageHeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="xs" mb="lg">
      {breadcrumbs.length > 0 && (
        <Box component="nav" aria-label={t('breadcrumb')}>
          <Breadcrumbs fz="sm">
            {breadcrumbs.map((crumb) =>
              crumb.href ? (
                <Anchor key={crumb.label} component={Link} to={crumb.href} fz="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={crumb.label} fz="sm" c="dimmed" aria-current="page">
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </Box>
      )}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={1} fz={26}>
              {title}
            </Title>
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          </Stack>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
