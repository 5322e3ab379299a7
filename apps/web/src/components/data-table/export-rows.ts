import type { ColumnDef } from '@tanstack/react-table';

/** One exported column: its key (JSON), its heading (CSV) and how a row's value is read. */
export interface ExportColumn<T> {
  id: string;
  heading: string;
  read: (row: T, index: number) => unknown;
}

/**
 * The columns of a table that hold data: those with an accessor (function or key), never the selection, details
 * or row-menu columns. Headings are the column's header text, or its id when the header is drawn.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table's own column type (see DataTableProps).
export function exportColumns<T>(columns: ColumnDef<T, any>[]): ExportColumn<T>[] {
  const out: ExportColumn<T>[] = [];
  for (const column of columns) {
    const def = column as {
      id?: string;
      accessorKey?: string;
      accessorFn?: (row: T, index: number) => unknown;
    };
    const id = def.id ?? def.accessorKey;
    if (id === undefined || id === 'actions') continue;
    const read =
      def.accessorFn ?? (def.accessorKey ? (row: T) => (row as Record<string, unknown>)[id] : undefined);
    if (!read) continue;
    out.push({ id, heading: typeof column.header === 'string' ? column.header : id, read });
  }
  return out;
}

/** A cell's value as text: lists joined, objects as JSON, nothing as an empty cell. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

// A cell starting with these is run as a formula by spreadsheet programs (CSV injection): it is quoted as text.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV (CRLF line ends) with a heading row. */
export function toCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.heading)).join(',')];
  rows.forEach((row, index) =>
    lines.push(columns.map((column) => csvCell(cellText(column.read(row, index)))).join(',')),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** The rows as a JSON array of objects keyed by column id, values as the table holds them. */
export function toJson<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const objects = rows.map((row, index) =>
    Object.fromEntries(columns.map((column) => [column.id, column.read(row, index) ?? null])),
  );
  return `${JSON.stringify(objects, null, 2)}\n`;
}

/** A file name from a table's label: lower case, dashes, with the date. */
export function exportFileName(label: string, extension: 'csv' | 'json', now = new Date()): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'table';
  return `${base}-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Saves a text as a file through a temporary link (the browser's own download). */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
