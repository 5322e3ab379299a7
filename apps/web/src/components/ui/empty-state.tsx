import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** Optional call to action, e.g. a create button. */
  action?: ReactNode;
}

/** What a page shows when it has nothing to list yet: what will appear here and, when possible, how to start. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" ta="center" py={48} px="md" data-testid="empty-state">
      <ThemeIcon size={56} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text c="dimmed" maw={520}>
        {description}
      </Text>
      {action}
    </Stack>
  );
}
