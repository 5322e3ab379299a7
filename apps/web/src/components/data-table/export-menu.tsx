import { ActionIcon, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';

/**
 * The table's export control: the rows as they are filtered and sorted, as CSV or JSON. The rows are read, and
 * the export code loaded, only when a format is chosen, so neither a table of 10,000 rows nor a first screen pays
 * for it until then.
 */
export function ExportMenu<T>({
  label,
  columns,
  rows,
}: {
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table's own column type (DataTableProps).
  columns: ColumnDef<T, any>[];
  rows: () => readonly T[];
}) {
  const { t } = useTranslation('common');
  const save = async (format: 'csv' | 'json') => {
    const { downloadText, exportColumns, exportFileName, toCsv, toJson } = await import('./export-rows.ts');
    const cols = exportColumns(columns);
    const data = rows();
    const text = format === 'csv' ? toCsv(cols, data) : toJson(cols, data);
    downloadText(text, exportFileName(label, format), format === 'csv' ? 'text/csv' : 'application/json');
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={t('table.export', { table: label })}>
          <IconDownload size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void save('csv')}>{t('table.exportCsv')}</Menu.Item>
        <Menu.Item onClick={() => void save('json')}>{t('table.exportJson')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
