import {
  ActionIcon,
  Alert,
  Autocomplete,
  Box,
  Group,
  Paper,
  Switch,
  Text,
  Tooltip,
  useComputedColorScheme,
} from '@mantine/core';
import { IconFocusCentered, IconMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useGraphData } from './api/graph-data.ts';
import { GraphCanvas, type GraphCanvasHandle } from './components/graph-canvas.tsx';
import { GraphDetails } from './components/graph-details.tsx';
import { GraphLegend } from './components/graph-legend.tsx';
import { buildGraphModel, MAX_DIRECT_NODES } from './graph-model.ts';
import type { GraphSearch } from './graph-search.ts';

interface GraphPanelProps {
  networkId: string;
  /** The selected node and the direct-pairs switch (the graph page keeps them in its URL). */
  state: GraphSearch;
  onStateChange: (patch: GraphSearch) => void;
  height?: number | string;
}

/**
 * A network's topology (issue 41, checklist §3.20 Graph): roles, routes and problem pairs drawn with WebGL, a
 * search that moves the camera onto a node, zoom and full-screen controls, the legend and the clicked node's
 * details. Metrics arrive over the change stream, so the drawing recolours while it is open.
 */
export function GraphPanel({
  networkId,
  state,
  onStateChange,
  height = 'calc(100vh - 220px)',
}: GraphPanelProps) {
  const { t } = useTranslation('graph');
  const isDark = useComputedColorScheme('dark') === 'dark';
  const { nodes, metrics, clients } = useGraphData(networkId);
  const canvas = useRef<GraphCanvasHandle>(null);
  const [query, setQuery] = useState('');
  const model = useMemo(
    () =>
      buildGraphModel({
        nodes: nodes.data ?? [],
        clients: clients.data ?? [],
        metrics: metrics.data,
        showDirect: state.direct === true,
      }),
    [nodes.data, clients.data, metrics.data, state.direct],
  );
  const labels = useMemo(() => {
    const byLabel = new Map<string, string>();
    for (const node of model.nodes) if (!byLabel.has(node.label)) byLabel.set(node.label, node.id);
    return byLabel;
  }, [model]);
  const selected = state.node === undefined ? undefined : model.nodes.find((n) => n.id === state.node);
  const hostCount = nodes.data?.length ?? 0;
  const problems = model.edges.filter((e) => e.kind === 'problem').length + model.hiddenProblems;

  if (nodes.error) return <LoadError error={nodes.error} onRetry={() => nodes.refetch()} />;
  if (nodes.isPending) return <CenteredLoader />;

  const handlePick = (label: string) => {
    const id = labels.get(label);
    if (id === undefined) return;
    onStateChange({ node: id });
    canvas.current?.focus(id);
  };
  return (
    <Box>
      <Group gap="md" mb="sm" wrap="wrap" justify="space-between">
        <Group gap="md" wrap="wrap">
          <Autocomplete
            placeholder={t('search')}
            aria-label={t('search')}
            data={[...labels.keys()]}
            limit={20}
            value={query}
            onChange={setQuery}
            onOptionSubmit={handlePick}
            w={260}
          />
          <Tooltip
            label={t('direct.tooLarge', { max: MAX_DIRECT_NODES })}
            disabled={hostCount <= MAX_DIRECT_NODES}
          >
            <Switch
              label={t('direct.label')}
              checked={model.isDirectShown}
              disabled={hostCount > MAX_DIRECT_NODES}
              onChange={(event) => onStateChange({ direct: event.currentTarget.checked || undefined })}
            />
          </Tooltip>
        </Group>
        <Text size="sm" c="dimmed" data-testid="graph-counts">
          {t('counts', { nodes: model.nodes.length, edges: model.edges.length, problems })}
        </Text>
      </Group>
      {metrics.error && <LoadError error={metrics.error} onRetry={() => metrics.refetch()} />}
      {model.hiddenProblems > 0 && (
        <Alert color="yellow" mb="sm">
          {t('hiddenProblems', { count: model.hiddenProblems })}
        </Alert>
      )}
      <Box pos="relative">
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <GraphCanvas
            ref={canvas}
            model={model}
            selectedId={selected?.id}
            isDark={isDark}
            onSelect={(id) => onStateChange({ node: id })}
            height={height}
          />
        </Paper>
        <Group gap={4} pos="absolute" top={8} right={8}>
          <ActionIcon
            variant="default"
            aria-label={t('controls.zoomIn')}
            onClick={() => canvas.current?.zoomIn()}
          >
            <IconZoomIn size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('controls.zoomOut')}
            onClick={() => canvas.current?.zoomOut()}
          >
            <IconZoomOut size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('controls.reset')}
            onClick={() => canvas.current?.reset()}
          >
            <IconFocusCentered size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('controls.fullScreen')}
            onClick={() => void canvas.current?.element()?.parentElement?.requestFullscreen?.()}
          >
            <IconMaximize size={16} />
          </ActionIcon>
        </Group>
        <Paper withBorder p="xs" radius="md" pos="absolute" bottom={8} left={8} opacity={0.95}>
          <GraphLegend />
        </Paper>
        {selected && (
          <Paper
            withBorder
            p="sm"
            radius="md"
            pos="absolute"
            top={48}
            right={8}
            w={300}
            mah="70%"
            style={{ overflow: 'auto' }}
          >
            <GraphDetails
              networkId={networkId}
              node={selected}
              model={model}
              onClose={() => onStateChange({ node: undefined })}
            />
          </Paper>
        )}
      </Box>
      {model.nodes.length === 0 && (
        <Text c="dimmed" ta="center" mt="md">
          {t('empty')}
        </Text>
      )}
    </Box>
  );
}
