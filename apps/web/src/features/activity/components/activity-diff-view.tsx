import type { ActivityEvent } from '@meshdeck/contracts';
import { Badge, Code, Group, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format.ts';
import { diffFields, stringList, type FieldChange } from '../activity-diff.ts';

const KIND_COLORS = { added: 'green', removed: 'red', changed: 'blue', same: 'gray' } as const;

/** A value as a person reads it: a list of names joined by commas, anything else as recorded. */
const shown = (value: string | undefined): string => stringList(value)?.join(', ') ?? value ?? '';

/** What a changed list gained and lost (a tag's members, a relay's nodes), one line each. */
function ListItems({ items }: { items: NonNullable<FieldChange['items']> }) {
  const { t } = useTranslation('activity');
  return (
    <>
      {items.added.length > 0 && (
        <Text size="xs" c="green">
          {t('itemsAdded', { items: items.added.join(', ') })}
        </Text>
      )}
      {items.removed.length > 0 && (
        <Text size="xs" c="red">
          {t('itemsRemoved', { items: items.removed.join(', ') })}
        </Text>
      )}
    </>
  );
}

/** One entry: who did what, when and from where, and its fields before and after, the changed ones first. */
export function ActivityDiffView({
  entry,
  onClose,
}: {
  entry: ActivityEvent | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('activity');
  const [isShowingAll, setIsShowingAll] = useState(false);
  const fields = useMemo(() => (entry ? diffFields(entry.diff.Old, entry.diff.New) : []), [entry]);
  const listed = isShowingAll ? fields : fields.filter((field) => field.kind !== 'same');
  return (
    <Modal opened={entry !== undefined} onClose={onClose} size="xl" title={t('detailsTitle')}>
      {entry && (
        <Stack gap="sm">
          <Text size="sm">
            {t('summary', {
              who: entry.triggered_by || t('unknownActor'),
              action: t(`actions.${entry.action}`, { defaultValue: entry.action }),
              type: t(`types.${entry.target.subject_type}`, { defaultValue: entry.target.subject_type }),
              target: entry.target.name || entry.target.id,
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('when', { time: formatDate(entry.time_stamp), address: entry.client_address || '-' })}
          </Text>
          <Group justify="space-between">
            <Text fw={500}>{t('changes')}</Text>
            <Switch
              size="sm"
              label={t('showUnchanged')}
              checked={isShowingAll}
              onChange={(event) => setIsShowingAll(event.currentTarget.checked)}
            />
          </Group>
          {listed.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noChanges')}
            </Text>
          ) : (
            <Table aria-label={t('changes')} striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('field')}</Table.Th>
                  <Table.Th>{t('before')}</Table.Th>
                  <Table.Th>{t('after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {listed.map((field) => (
                  <Table.Tr key={field.path} data-kind={field.kind}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Code>{field.path}</Code>
                        <Badge size="xs" variant="light" color={KIND_COLORS[field.kind]}>
                          {t(`kinds.${field.kind}`)}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{shown(field.before)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      {shown(field.after)}
                      {field.items && <ListItems items={field.items} />}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
