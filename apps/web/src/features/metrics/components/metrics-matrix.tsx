import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { UNKNOWN_LATENCY_MS, type MatrixCell, type MetricsMatrix } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LIST_HEIGHT } from '@/lib/constants.ts';
import { formatBytes, formatUptime } from '@/lib/format.ts';
import { latencyColour } from '../metrics-rows.ts';
import type { MatrixMeasure } from '../metrics-search.ts';
import classes from './metrics-matrix.module.css';

/** The cell's words for its tooltip: the path, the relay and why it is not direct, and the uptime in full. */
function cellTitle(t: TFunction<'metrics'>, from: string, to: string, cell: MatrixCell): string {
  const path = cell.via ? t('viaRelay', { name: cell.via }) : t(`path.${cell.path}`);
  const reason = cell.reason ? ` · ${t(`reason.${cell.reason}`)}` : '';
  const latency = cell.latency === UNKNOWN_LATENCY_MS ? t('unknown') : t('ms', { value: cell.latency });
  return `${from} → ${to}: ${cell.connected ? t('reachable') : t('unreachable')} · ${latency} · ${path}${reason}`;
}

/** One cell in the chosen measure (checklist §3.20; spec §4 and §9 for colours and units). */
function Cell({ measure, cell }: { measure: MatrixMeasure; cell: MatrixCell }) {
  const { t } = useTranslation('metrics');
  switch (measure) {
    case 'connectivity':
      return cell.connected ? (
        <span className={classes.dot} role="img" aria-label={t('reachable')} data-tone="green" />
      ) : (
        // A pair a policy blocks is unreachable by rule, not broken: grey rather than red.
        <span
          className={classes.cross}
          role="img"
          aria-label={t('unreachable')}
          data-tone={cell.reason === 'blocked_by_policy' ? 'gray' : 'red'}
        >
          ✕
        </span>
      );
    case 'latency': {
      const latency = cell.latency === UNKNOWN_LATENCY_MS ? undefined : cell.latency;
      return (
        <span data-tone={latencyColour(latency)}>
          {latency === undefined ? t('unknown') : t('ms', { value: Math.round(latency) })}
        </span>
      );
    }
    case 'sent':
      return <span>{formatBytes(cell.totalsent)}</span>;
    case 'received':
      return <span>{formatBytes(cell.totalreceived)}</span>;
    case 'uptime': {
      const down = Math.max(0, cell.totaltime - cell.uptime);
      const label = t('matrix.uptimeTip', {
        percent: cell.percentup,
        up: cell.uptime,
        down,
        time: formatUptime(cell.actualuptime / 60e9),
      });
      return (
        <span
          className={classes.bar}
          role="meter"
          aria-valuenow={cell.percentup}
          aria-label={label}
          title={label}
        >
          <span
            className={classes.fill}
            style={{ width: `${Math.min(100, Math.max(0, cell.percentup))}%` }}
          />
        </span>
      );
    }
  }
}

/** "Rows 1-100 of 1,000" with previous and next: one axis of the window. */
function Pager({
  axis,
  offset,
  size,
  total,
  onChange,
}: {
  axis: 'rows' | 'peers';
  offset: number;
  size: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useTranslation('metrics');
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={t(`matrix.previous.${axis}`)}
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - size))}
      >
        <IconChevronLeft size={14} />
      </ActionIcon>
      <Text fz="sm" data-testid={`pager-${axis}`}>
        {t(`matrix.range.${axis}`, {
          from: total === 0 ? 0 : offset + 1,
          to: Math.min(total, offset + size),
          total: total.toLocaleString(),
        })}
      </Text>
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={t(`matrix.next.${axis}`)}
        disabled={offset + size >= total}
        onClick={() => onChange(offset + size)}
      >
        <IconChevronRight size={14} />
      </ActionIcon>
    </Group>
  );
}

export interface MetricsMatrixProps {
  measure: MatrixMeasure;
  data: MetricsMatrix | undefined;
  isLoading: boolean;
  error: Error | null;
  rowsPerPage: number;
  columnsPerPage: number;
  onRow: (offset: number) => void;
  onColumn: (offset: number) => void;
  empty: string;
}

/**
 * One window of the N x N matrix (checklist §3.20, decision 071): a row per node, a column per peer, in the chosen
 * measure. Rows (100 a page) and peers are paged on the server, so the table holds at most 100 x 50 cells whatever
 * the network's size; node and peer names stay in view while the table scrolls. Each cell's tooltip gives the pair's
 * path and why it is not direct.
 */
export function MetricsMatrixTable({
  measure,
  data,
  isLoading,
  error,
  rowsPerPage,
  columnsPerPage,
  onRow,
  onColumn,
  empty,
}: MetricsMatrixProps) {
  const { t } = useTranslation('metrics');
  if (!data) {
    if (error)
      return (
        <Text c="red" fz="sm" role="alert">
          {t('matrix.failed', { message: error.message })}
        </Text>
      );
    return isLoading ? (
      <Group gap="xs">
        <Loader size="sm" />
        <Text fz="sm">{t('loading')}</Text>
      </Group>
    ) : null;
  }
  if (data.rows.length === 0 || data.columns.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl" fz="sm">
        {empty}
      </Text>
    );
  return (
    <>
      <Group gap="lg" wrap="wrap">
        <Pager axis="rows" offset={data.row} size={rowsPerPage} total={data.total_rows} onChange={onRow} />
        <Pager
          axis="peers"
          offset={data.col}
          size={columnsPerPage}
          total={data.total_columns}
          onChange={onColumn}
        />
      </Group>
      <div className={classes.scroll} style={{ maxHeight: LIST_HEIGHT }} data-scroll>
        <table className={classes.table} aria-label={t('matrix.label', { measure: t(`views.${measure}`) })}>
          <thead>
            <tr>
              <th scope="col" className={`${classes.rowHead} ${classes.corner}`}>
                {t('matrix.corner')}
              </th>
              {data.columns.map((column) => (
                <th key={column.id} scope="col" title={column.name}>
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row, r) => (
              <tr key={row.id} data-row-id={row.id}>
                <th scope="row" className={classes.rowHead} title={row.name}>
                  {row.name}
                  {row.problems !== undefined && (
                    <span className={classes.problems}>{t('matrix.problems', { count: row.problems })}</span>
                  )}
                </th>
                {data.columns.map((column, c) => {
                  const cell = data.cells[r]?.[c];
                  return (
                    <td
                      key={column.id}
                      title={cell ? cellTitle(t, row.name, column.name, cell) : undefined}
                      data-problem={cell?.problem ? true : undefined}
                    >
                      {cell ? (
                        <Cell measure={measure} cell={cell} />
                      ) : (
                        <span className={classes.muted} aria-label={t('matrix.none')}>
                          –
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
