import { useVirtualizer } from '@tanstack/react-virtual';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveCell, isFixed, storedCell, type MatrixEdits, type StoredMatrix } from './matrix-state.ts';
import classes from './acl-matrix.module.css';

const CELL = 28;
const NAME_WIDTH = 180;
const HEADER_HEIGHT = 130;

export interface AclMatrixProps {
  matrix: StoredMatrix;
  /** Indexes of the members shown, in order (search and the clients switch pick them). */
  shown: readonly number[];
  edits: MatrixEdits;
  canEdit: boolean;
  onToggle: (i: number, j: number) => void;
  height: string;
}

/**
 * The old ACL matrix (checklist §3.17) as a grid virtualised both ways: only the cells in view exist, so 1,000
 * nodes (a million cells) scroll like 20, where the reference refuses more than 50. Names stay in view: the row
 * names follow the horizontal scroll and the column names the vertical one.
 */
export function AclMatrix({ matrix, shown, edits, canEdit, onToggle, height }: AclMatrixProps) {
  const { t } = useTranslation('access');
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns new functions by design.
  const rows = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => CELL,
    overscan: 4,
    // The names take the first pixels of each axis: items start after them.
    paddingStart: HEADER_HEIGHT,
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: shown.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => CELL,
    overscan: 4,
    paddingStart: NAME_WIDTH,
  });
  const top = rows.scrollOffset ?? 0;
  const left = columns.scrollOffset ?? 0;
  const name = (k: number) => matrix.members[shown[k] ?? 0]?.name ?? '';
  const virtualRows = rows.getVirtualItems();
  const virtualColumns = columns.getVirtualItems();
  return (
    <div
      ref={setScrollElement}
      className={classes.scroll}
      style={{ height }}
      role="grid"
      aria-label={t('matrix.gridLabel')}
      aria-rowcount={shown.length}
      aria-colcount={shown.length}
    >
      <div
        style={{
          position: 'relative',
          width: columns.getTotalSize(),
          height: rows.getTotalSize(),
        }}
      >
        <div className={classes.corner} style={{ top, left, width: NAME_WIDTH, height: HEADER_HEIGHT }} />
        {virtualColumns.map((column) => (
          <div
            key={`c${column.index}`}
            className={classes.colName}
            role="columnheader"
            style={{ top, left: column.start, width: CELL, height: HEADER_HEIGHT }}
            title={name(column.index)}
          >
            {name(column.index)}
          </div>
        ))}
        {virtualRows.map((row) => {
          const i = shown[row.index] ?? 0;
          return (
            <div key={`r${row.index}`} role="row">
              <div
                className={classes.rowName}
                role="rowheader"
                style={{ top: row.start, left, width: NAME_WIDTH, height: CELL }}
                title={name(row.index)}
              >
                {name(row.index)}
              </div>
              {virtualColumns.map((column) => {
                const j = shown[column.index] ?? 0;
                const value = effectiveCell(matrix, edits, i, j);
                const fixed = isFixed(matrix, i, j);
                const from = name(row.index);
                const to = name(column.index);
                return (
                  <button
                    key={column.index}
                    type="button"
                    role="gridcell"
                    className={classes.cell}
                    data-value={fixed ? undefined : value}
                    data-edited={value !== storedCell(matrix, i, j) ? '' : undefined}
                    disabled={fixed || !canEdit}
                    aria-label={
                      i === j
                        ? from
                        : fixed
                          ? t('matrix.clientPair')
                          : t(value === 2 ? 'matrix.allowed' : 'matrix.denied', { from, to })
                    }
                    aria-pressed={fixed ? undefined : value === 2}
                    style={{
                      top: row.start,
                      left: column.start,
                      width: CELL,
                      height: CELL,
                    }}
                    onClick={() => onToggle(i, j)}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
