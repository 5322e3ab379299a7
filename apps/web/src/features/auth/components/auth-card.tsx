import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The card every sign-in style page sits in: brand mark, title, subtitle, then the form. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={420}>
      <Stack gap="lg">
        <Stack gap={6} align="center" ta="center">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
            <IconTopologyStar3 size={28} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
