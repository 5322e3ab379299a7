import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Field {
  label: string;
  value: ReactNode;
}

/** A titled card of label / value pairs; empty values show a dash so a blank is visibly "not set". */
export function FieldsCard({ title, fields }: { title: string; fields: readonly Field[] }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {fields.map((field) => (
          <Stack key={field.label} gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {field.label}
            </Text>
            {typeof field.value === 'string' || typeof field.value === 'number' ? (
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {field.value === '' ? '—' : field.value}
              </Text>
            ) : (
              field.value
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
