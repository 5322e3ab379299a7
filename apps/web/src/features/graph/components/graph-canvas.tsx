import { Alert, Box } from '@mantine/core';
import Graph from 'graphology';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import Sigma from 'sigma';
import type { GraphModel } from '../graph-model.ts';
import { syncGraph, type SigmaEdge, type SigmaNode } from '../graph-sync.ts';

/** What the page's controls do to the drawing. */
export interface GraphCanvasHandle {
  zoomIn(): void;
  zoomOut(): void;
  reset(): void;
  /** Moves the camera onto a node. */
  focus(nodeId: string): void;
  element(): HTMLElement | null;
}

interface GraphCanvasProps {
  model: GraphModel;
  selectedId: string | undefined;
  isDark: boolean;
  onSelect: (nodeId: string | undefined) => void;
  height: number | string;
}

/** Past this many nodes edges are hidden while the camera moves, so panning a 10,000-node graph stays smooth. */
const HIDE_EDGES_ON_MOVE_FROM = 2000;

type Drawn = Graph<SigmaNode, SigmaEdge>;

/** The renderer: the selected node is highlighted with its label, and its edges drawn thicker. */
function makeRenderer(graph: Drawn, element: HTMLElement, selected: RefObject<string | undefined>) {
  return new Sigma(graph, element, {
    defaultEdgeType: 'line',
    // A hidden tab or a zero-height box must not throw; sigma draws once the container has a size.
    allowInvalidContainer: true,
    renderEdgeLabels: false,
    labelRenderedSizeThreshold: 7,
    zIndex: true,
    nodeReducer: (node, data) =>
      node === selected.current ? { ...data, highlighted: true, forceLabel: true, zIndex: 2 } : data,
    edgeReducer: (edge, data) => {
      const current = selected.current;
      if (current === undefined) return data;
      const [source, target] = graph.extremities(edge);
      return source === current || target === current ? { ...data, size: data.size + 1.5, zIndex: 1 } : data;
    },
  });
}

/**
 * The WebGL drawing (sigma.js on a graphology graph). The renderer is made once per mount; a new model is synced
 * into the same graph (graph-sync.ts), so live metrics recolour edges without a new renderer or a moved camera.
 */
export const GraphCanvas = forwardRef<GraphCanvasHandle, GraphCanvasProps>(function GraphCanvas(
  { model, selectedId, isDark, onSelect, height },
  ref,
) {
  const { t } = useTranslation('graph');
  const container = useRef<HTMLDivElement>(null);
  const sigma = useRef<Sigma<SigmaNode, SigmaEdge> | null>(null);
  const graph = useRef<Drawn>(new Graph<SigmaNode, SigmaEdge>({ multi: true, type: 'directed' }));
  const selected = useRef(selectedId);
  const select = useRef(onSelect);
  select.current = onSelect;
  const [failure, setFailure] = useState<string | undefined>();

  useEffect(() => {
    if (!container.current) return;
    let renderer: Sigma<SigmaNode, SigmaEdge>;
    try {
      renderer = makeRenderer(graph.current, container.current, selected);
    } catch (error) {
      // No WebGL (a locked-down browser, a remote desktop without a GPU): say so instead of a blank box.
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    renderer.on('clickNode', ({ node }) => select.current(node));
    renderer.on('clickStage', () => select.current(undefined));
    // How many nodes the last frame drew: what the benchmark and browser tests wait for (a canvas has no DOM rows).
    const box = container.current;
    renderer.on('afterRender', () => {
      const drawn = String(graph.current.order);
      if (box.dataset.drawnNodes !== drawn) box.dataset.drawnNodes = drawn;
    });
    sigma.current = renderer;
    return () => {
      renderer.kill();
      sigma.current = null;
    };
  }, []);

  useEffect(() => {
    syncGraph(graph.current, model);
    sigma.current?.setSetting('hideEdgesOnMove', graph.current.order > HIDE_EDGES_ON_MOVE_FROM);
  }, [model]);

  useEffect(() => {
    sigma.current?.setSetting('labelColor', { color: isDark ? '#dee2e6' : '#212529' });
  }, [isDark]);

  useEffect(() => {
    selected.current = selectedId;
    sigma.current?.refresh({ skipIndexation: true });
  }, [selectedId]);

  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => void sigma.current?.getCamera().animatedZoom({ duration: 200 }),
      zoomOut: () => void sigma.current?.getCamera().animatedUnzoom({ duration: 200 }),
      reset: () => void sigma.current?.getCamera().animatedReset({ duration: 200 }),
      focus: (nodeId) => {
        const shown = sigma.current?.getNodeDisplayData(nodeId);
        if (shown)
          void sigma.current?.getCamera().animate({ x: shown.x, y: shown.y, ratio: 0.15 }, { duration: 300 });
      },
      element: () => container.current,
    }),
    [],
  );

  if (failure !== undefined)
    return (
      <Alert color="yellow" title={t('webgl.title')} m="md">
        {t('webgl.description', { reason: failure })}
      </Alert>
    );
  return (
    <Box ref={container} h={height} w="100%" data-testid="graph-canvas" style={{ position: 'relative' }} />
  );
});
