import type { ImportResult } from '@meshdeck/contracts';
import { Alert, Badge, Button, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, exportFileName } from '@/components/data-table/export-rows.ts';
import { exportConfiguration, importConfiguration } from '@/lib/api/config-transfer.ts';
import { describeError } from '@/lib/error-message.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';

/**
 * Export the configuration (networks, keys, tags, DNS entries, policies) as a JSON file, and import one: the file
 * is first sent as a dry run, which lists what would be created; Import applies it (all or nothing).
 */
export function ConfigTransferButtons() {
  const { t } = useTranslation('transfer');
  const queryClient = useQueryClient();
  const [document, setDocument] = useState<unknown>();
  const [plan, setPlan] = useState<ImportResult>();
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const handleExport = async () => {
    try {
      downloadText(
        await exportConfiguration(),
        exportFileName('meshdeck-configuration', 'json'),
        'application/json',
      );
    } catch (failure) {
      notifyFailure(t('exportFailed'), failure);
    }
  };
  const close = () => {
    setDocument(undefined);
    setPlan(undefined);
    setError(undefined);
  };
  const handleFile = async (file: File | null) => {
    if (!file) return;
    close();
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text()) as unknown;
    } catch {
      setDocument(null);
      setError(t('notJson'));
      return;
    }
    setDocument(parsed);
    setIsBusy(true);
    try {
      setPlan(await importConfiguration(parsed, true));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setIsBusy(false);
    }
  };
  const handleImport = async () => {
    setIsBusy(true);
    try {
      const result = await importConfiguration(document, false);
      const created = result.changes.filter((change) => change.action === 'create').length;
      notifySuccess(t('imported', { count: created }));
      await queryClient.invalidateQueries();
      close();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setIsBusy(false);
    }
  };
  const creates = plan?.changes.filter((change) => change.action === 'create').length ?? 0;

  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void handleExport()}>
        {t('export')}
      </Button>
      <FileButton accept="application/json,.json" onChange={(file) => void handleFile(file)}>
        {(props) => (
          <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
            {t('import')}
          </Button>
        )}
      </FileButton>
      <Modal opened={document !== undefined} onClose={close} title={t('dryRunTitle')} size="lg">
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          {plan && (
            <>
              <Text size="sm">{t('summary', { count: creates })}</Text>
              <Table aria-label={t('changes')} striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('resource')}</Table.Th>
                    <Table.Th>{t('item')}</Table.Th>
                    <Table.Th>{t('change')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {plan.changes.map((change) => (
                    <Table.Tr key={`${change.resource}:${change.id}`}>
                      <Table.Td>{t(`resources.${change.resource}`)}</Table.Td>
                      <Table.Td>{change.id}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={change.action === 'create' ? 'green' : 'gray'}>
                          {t(`actions.${change.action}`)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button
              loading={isBusy}
              disabled={!plan || creates === 0 || error !== undefined}
              onClick={() => void handleImport()}
            >
              {t('apply')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
