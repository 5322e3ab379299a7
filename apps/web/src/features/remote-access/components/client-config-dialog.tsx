import { Alert, Button, Code, Group, Image, Loader, Modal, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload, IconFileText, IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { describeError } from '@/lib/error-message.ts';
import type { ClientRow } from '../api/client-row.ts';
import { getClientConfig, getClientQr } from '../api/ext-client-mutations.ts';
import { extClientsKeys } from '../api/ext-client-keys.ts';

/** Saves text as a file without a server round trip (the config is already on screen). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/octet-stream' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** A data URL for an image: no object URL to revoke, and it lives only as long as the query does. */
const toDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('could not read the QR image'));
    reader.readAsDataURL(blob);
  });

function ConfigView({ client, endpoints }: { client: ClientRow; endpoints: readonly string[] }) {
  const { t } = useTranslation('remoteAccess');
  const { t: tCommon } = useTranslation('common');
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const preferredIp = endpoint ?? undefined;
  const config = useQuery({
    queryKey: [...extClientsKeys.config(client.network, client.clientId), 'file', preferredIp ?? ''],
    queryFn: ({ signal }) => getClientConfig(client, preferredIp, signal),
    // The text holds the private key: not kept in the cache once the dialog closes.
    gcTime: 0,
  });
  const qr = useQuery({
    queryKey: [...extClientsKeys.config(client.network, client.clientId), 'qr', preferredIp ?? ''],
    queryFn: async ({ signal }) => toDataUrl(await getClientQr(client, preferredIp, signal)),
    gcTime: 0,
  });
  const qrUrl = qr.data;
  const fileName = `${client.clientId}.conf`;
  return (
    <Stack>
      {endpoints.length > 1 && (
        <Select
          label={t('config.endpoint')}
          data={[...endpoints]}
          clearable
          value={endpoint}
          onChange={setEndpoint}
        />
      )}
      <Tabs defaultValue="file">
        <Tabs.List>
          <Tabs.Tab value="file" leftSection={<IconFileText size={16} />}>
            {t('config.fileTab')}
          </Tabs.Tab>
          <Tabs.Tab value="qr" leftSection={<IconQrcode size={16} />}>
            {t('config.qrTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="file" pt="md">
          {config.isPending && <Loader size="sm" aria-label={tCommon('loading')} />}
          {config.error && <Alert color="red">{describeError(config.error)}</Alert>}
          {config.data !== undefined && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fz="sm" fw={500}>
                  {fileName}
                </Text>
                <Group gap={4}>
                  <CopyButton value={config.data} label={t('config.copy')} />
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    onClick={() => downloadText(fileName, config.data)}
                  >
                    {t('config.download')}
                  </Button>
                </Group>
              </Group>
              <Code
                block
                aria-label={t('config.text')}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {config.data}
              </Code>
              <Text fz="xs" c="dimmed">
                {t('config.secretHint')}
              </Text>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="qr" pt="md">
          {qr.isPending && <Loader size="sm" aria-label={tCommon('loading')} />}
          {qr.error && <Alert color="red">{describeError(qr.error)}</Alert>}
          {qrUrl && (
            <Stack align="center" gap="xs">
              <Image
                src={qrUrl}
                alt={t('config.qrAlt', { name: client.clientId })}
                w={260}
                h={260}
                fit="contain"
              />
              <Button
                component="a"
                href={qrUrl}
                download={`${client.clientId}.png`}
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
              >
                {t('config.downloadQr')}
              </Button>
              <Text fz="xs" c="dimmed" ta="center">
                {t('config.secretHint')}
              </Text>
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export interface ClientConfigDialogProps {
  client: ClientRow | undefined;
  /** The gateway's public addresses (endpoint and additional endpoints) a config may point at. */
  endpoints: readonly string[];
  onClose: () => void;
}

/** "View config" (features §3.12): the config text with copy and download, and its QR code. */
export function ClientConfigDialog({ client, endpoints, onClose }: ClientConfigDialogProps) {
  const { t } = useTranslation('remoteAccess');
  return (
    <Modal
      opened={client !== undefined}
      onClose={onClose}
      title={t('config.title', { name: client?.clientId ?? '' })}
      size="lg"
      centered
    >
      {client && <ConfigView key={client.id} client={client} endpoints={endpoints} />}
    </Modal>
  );
}
