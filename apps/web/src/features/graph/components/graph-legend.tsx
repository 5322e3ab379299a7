import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EDGE_COLOURS, NODE_COLOURS, nodeColourKeys } from '../graph-colours.ts';

const Swatch = ({ colour, isLine = false }: { colour: string; isLine?: boolean }) => (
  <Box
    component="span"
    w={isLine ? 18 : 10}
    h={isLine ? 3 : 10}
    style={{ background: colour, borderRadius: isLine ? 0 : '50%', display: 'inline-block', flexShrink: 0 }}
  />
);

const edgeLegend = ['red', 'yellow', 'orange', 'green', 'gray'] as const;

/** What the colours mean: node roles and statuses, and the measured pairs' edge colours (spec §4 thresholds). */
export function GraphLegend() {
  const { t } = useTranslation('graph');
  return (
    <Stack gap={6} data-testid="graph-legend">
      <Text size="xs" fw={600} tt="uppercase" c="dimmed">
        {t('legend.nodes')}
      </Text>
      {nodeColourKeys.map((key) => (
        <Group key={key} gap={8} wrap="nowrap">
          <Swatch colour={NODE_COLOURS[key]} />
          <Text size="xs">{t(`colours.${key}`)}</Text>
        </Group>
      ))}
      <Text size="xs" fw={600} tt="uppercase" c="dimmed" mt={4}>
        {t('legend.edges')}
      </Text>
      <Group gap={8} wrap="nowrap">
        <Swatch colour={NODE_COLOURS.relay} isLine />
        <Text size="xs">{t('legend.routes')}</Text>
      </Group>
      {edgeLegend.map((tone) => (
        <Group key={tone} gap={8} wrap="nowrap">
          <Swatch colour={EDGE_COLOURS[tone]} isLine />
          <Text size="xs">{t(`tones.${tone}`)}</Text>
        </Group>
      ))}
    </Stack>
  );
}
