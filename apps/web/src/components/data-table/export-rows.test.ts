import { createColumnHelper } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { exportColumns, exportFileName, toCsv, toJson } from './export-rows.ts';

interface Row {
  name: string;
  tags: string[];
  count: number;
}
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor((row) => row.tags, { id: 'tags', header: () => 'drawn' }),
  column.accessor('count', { header: 'Count' }),
  column.display({ id: 'actions', cell: () => null }),
];
const rows: Row[] = [
  { name: 'plain', tags: ['a', 'b'], count: 1 },
  { name: 'has, comma "and quotes"', tags: [], count: 2 },
  { name: '=HYPERLINK("x")', tags: ['-1'], count: 3 },
];

describe('table export', () => {
  it('-> exports the data columns (never the row menu), headed by their header text or id', () => {
    expect(exportColumns(columns).map((c) => [c.id, c.heading])).toEqual([
      ['name', 'Name'],
      ['tags', 'tags'],
      ['count', 'Count'],
    ]);
  });

  it('-> writes CSV with quoting and formula cells neutralised', () => {
    expect(toCsv(exportColumns(columns), rows)).toBe(
      'Name,tags,Count\r\n' +
        'plain,"a, b",1\r\n' +
        '"has, comma ""and quotes""",,2\r\n' +
        `"'=HYPERLINK(""x"")","'-1",3\r\n`,
    );
  });

  it('-> writes JSON objects keyed by column id with the values as held', () => {
    expect(JSON.parse(toJson(exportColumns(columns), rows.slice(0, 1)))).toEqual([
      { name: 'plain', tags: ['a', 'b'], count: 1 },
    ]);
  });

  it('-> names the file after the table and the day', () => {
    expect(exportFileName('Enrollment keys', 'csv', new Date('2026-11-26T12:00:00Z'))).toBe(
      'enrollment-keys-2026-11-26.csv',
    );
  });
});
