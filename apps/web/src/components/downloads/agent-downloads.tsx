import { Anchor, Button, Code, Collapse, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { useClientDownloads } from '@/lib/api/get-downloads.ts';
import { formatBytes } from '@/lib/format.ts';
import { useSession } from '@/lib/session.ts';

/** A file's path on the API's server: this origin, or a hosted tenant's backend when the API lives there. */
const fileHref = (url: string, baseUrl: string) =>
  /^https?:\/\//.test(baseUrl) ? `${new URL(baseUrl).origin}${url}` : url;

/**
 * The agent files this server offers per OS and architecture (spec §9 "Client downloads"), each with its size and
 * the sha256 of its bytes to check after downloading (`sha256sum <file>`).
 */
export function AgentDownloads() {
  const { t } = useTranslation('shell');
  const { data, isPending, isError } = useClientDownloads();
  const baseUrl = useSession((state) => state.baseUrl);
  if (isPending) return <Loader size="sm" />;
  if (isError) return <Text c="red">{t('downloads.failed')}</Text>;
  if (data.files.length === 0) return <Text c="dimmed">{t('downloads.none')}</Text>;
  return (
    <Stack gap="xs" data-testid="agent-downloads">
      <Text fz="sm">{t('downloads.intro', { version: data.version })}</Text>
      <Table.ScrollContainer minWidth={520}>
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('downloads.os')}</Table.Th>
              <Table.Th>{t('downloads.arch')}</Table.Th>
              <Table.Th>{t('downloads.file')}</Table.Th>
              <Table.Th>{t('downloads.sha256')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.files.map((file) => (
              <Table.Tr key={file.name}>
                <Table.Td>{t(`downloads.osName.${file.os}`)}</Table.Td>
                <Table.Td>{file.arch === 'any' ? t('downloads.anyArch') : file.arch}</Table.Td>
                <Table.Td>
                  <Anchor href={fileHref(file.url, baseUrl)} download={file.name} fz="sm">
                    <Group gap={4} wrap="nowrap">
                      <IconDownload size={14} aria-hidden />
                      <span>{file.name}</span>
                    </Group>
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {formatBytes(file.size)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Code title={file.sha256}>{`${file.sha256.slice(0, 12)}…`}</Code>
                    <CopyButton value={file.sha256} label={t('downloads.copySha256', { name: file.name })} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * A "download the agent yourself" toggle over the list: the list (and the server's first checksums of 120 MiB
 * executables) is asked for only when opened.
 */
export function AgentDownloadsSection() {
  const { t } = useTranslation('shell');
  const [isOpen, toggle] = useDisclosure(false);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconDownload size={14} />}
          onClick={toggle.toggle}
          aria-expanded={isOpen}
        >
          {t('downloads.toggle')}
        </Button>
      </Group>
      <Collapse expanded={isOpen}>{isOpen && <AgentDownloads />}</Collapse>
    </Stack>
  );
}
