import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error.tsx';
import type { TableBodyState, TableQuery } from './table-query.ts';
import classes from './data-table.module.css';

/** Skeleton rows while a list loads: a screenful's outline, so the page does not jump when rows arrive. */
const SKELETON_ROWS = 5;

/**
 * The body while the first read is in flight: a "loading" status for assistive technology and tests, and skeleton
 * rows in the table's own row height.
 */
export function LoadingRows({
  columnCount,
  rowHeight,
  label,
}: {
  columnCount: number;
  rowHeight: number;
  label: string;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <tr className={Table.classes.tr}>
        <td className={Table.classes.td} colSpan={columnCount}>
          <Text size="sm" c="dimmed" role="status" aria-label={t('table.loading', { table: label })}>
            {t('loading')}
          </Text>
        </td>
      </tr>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <tr key={row} className={Table.classes.tr} style={{ height: rowHeight }} aria-hidden>
          {Array.from({ length: columnCount }, (_, cell) => (
            <td key={cell} className={Table.classes.td}>
              <span className={classes.skeleton} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** The body of a table without rows after its read: the failure and a retry, "no match", or the empty text. */
export function NoRowsRow({
  state,
  query,
  columnCount,
  empty,
  noMatch,
}: {
  state: Exclude<TableBodyState, 'rows' | 'loading'>;
  query: TableQuery;
  columnCount: number;
  empty: ReactNode;
  noMatch: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Table.Tr>
      <Table.Td colSpan={columnCount}>
        {state === 'error' ? (
          <LoadError error={query.error} onRetry={query.refetch} />
        ) : state === 'no-match' ? (
          (noMatch ?? (
            <Text c="dimmed" ta="center" py="xl" data-testid="table-no-match">
              {t('table.noMatch')}
            </Text>
          ))
        ) : (
          (empty ?? (
            <Text c="dimmed" ta="center" py="xl">
              {t('table.empty')}
            </Text>
          ))
        )}
      </Table.Td>
    </Table.Tr>
  );
}
