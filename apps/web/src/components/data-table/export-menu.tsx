import { ActionIcon, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadText, exportFileName, toCsv, toJson, type ExportColumn } from './export-rows.ts';

/**
 * The table's export control: the rows as they are filtered and sorted, as CSV or JSON. The rows are read only
 * when a format is chosen, so a table of 10,000 rows pays nothing until then.
 */
export function ExportMenu<T>({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: () => ExportColumn<T>[];
  rows: () => readonly T[];
}) {
  const { t } = useTranslation('common');
  const save = (format: 'csv' | 'json') => {
    const cols = columns();
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
        <Menu.Item onClick={() => save('csv')}>{t('table.exportCsv')}</Menu.Item>
        <Menu.Item onClick={() => save('json')}>{t('table.exportJson')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
