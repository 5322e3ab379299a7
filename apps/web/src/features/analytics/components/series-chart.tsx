import { Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartColumns } from '../series-data.ts';

export interface ChartLine {
  label: string;
  /** A colour the canvas can draw (CSS variables do not reach it). */
  colour: string;
}

export interface SeriesChartProps {
  title: string;
  columns: ChartColumns;
  lines: readonly ChartLine[];
  /** How a value reads on the axis and in the legend (units exactly as the tables show them). */
  format: (value: number) => string;
  /** The y range when it is fixed (a share is 0-100). */
  range?: [number, number];
  height?: number;
}

/**
 * One uPlot line chart over time (issue 41: a small canvas library, ~20 KiB gzip, loaded with the analytics page
 * only). The chart follows its box's width and the theme's text colour; new columns redraw the same chart.
 */
export function SeriesChart({ title, columns, lines, format, range, height = 220 }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef(columns);
  const formatter = useRef(format);
  // Before the effects below: the chart made or updated next reads this render's columns and formatter.
  useEffect(() => {
    latest.current = columns;
    formatter.current = format;
  });

  // The chart is made again only when what it draws changes shape (lines, units, range), not for new points.
  const shape = `${lines.map((line) => `${line.label}:${line.colour}`).join('|')}|${range?.join('-') ?? ''}|${height}`;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const text = getComputedStyle(element).color || '#888';
    const grid = 'rgba(128, 128, 128, 0.2)';
    const axisValues = (_chart: uPlot, values: number[]) => values.map((value) => formatter.current(value));
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      scales: { x: { time: true }, ...(range ? { y: { range } } : {}) },
      series: [
        {},
        ...lines.map((line) => ({
          label: line.label,
          stroke: line.colour,
          width: 2,
          spanGaps: false,
          value: (_chart: uPlot, value: number | null) => (value === null ? '–' : formatter.current(value)),
        })),
      ],
      axes: [
        { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } },
        { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid }, values: axisValues, size: 80 },
      ],
    };
    const made = new uPlot(options, latest.current, element);
    chart.current = made;
    const resize = new ResizeObserver(() =>
      made.setSize({ width: Math.max(200, element.clientWidth), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      made.destroy();
      chart.current = null;
    };
    // `lines` and `range` are read through the shape key, `format` through its ref: a re-render with equal values
    // keeps the chart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape]);

  useEffect(() => {
    chart.current?.setData(columns);
  }, [columns]);

  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={600} fz="sm" mb="xs">
        {title}
      </Text>
      <div ref={box} role="figure" aria-label={title} data-testid="series-chart" />
    </Paper>
  );
}
