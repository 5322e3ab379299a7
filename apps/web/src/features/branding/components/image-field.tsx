import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoOff, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** What the form will do with one image: keep the stored one, remove it, or upload a new file. */
export type ImageChange =
  { kind: 'keep' } | { kind: 'remove' } | { kind: 'upload'; base64: string; preview: string };

export interface ImageFieldProps {
  label: string;
  description: string;
  /** The stored image's URL, if any. */
  storedUrl: string | null;
  change: ImageChange;
  accept: string;
  maxBytes: number;
  /** The preview's backdrop: a logo for the dark theme is shown on dark. */
  scheme: 'light' | 'dark';
  onChange: (change: ImageChange) => void;
  onError: (message: string) => void;
}

const readAsBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** One uploadable image with its preview; the server checks type, size and dimensions from the bytes. */
export function ImageField(props: ImageFieldProps) {
  const { t } = useTranslation('branding');
  const input = useRef<HTMLInputElement>(null);
  const { change, storedUrl, label } = props;
  const shown = change.kind === 'upload' ? change.preview : change.kind === 'remove' ? null : storedUrl;

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > props.maxBytes) {
      props.onError(t('errors.tooLarge', { name: file.name, max: props.maxBytes / 1024 }));
      return;
    }
    const base64 = await readAsBase64(file);
    props.onChange({ kind: 'upload', base64, preview: `data:${file.type || 'image/png'};base64,${base64}` });
  };

  return (
    <Stack gap={6}>
      <Text fw={500} fz="sm">
        {label}
      </Text>
      <Text fz="xs" c="dimmed">
        {props.description}
      </Text>
      <Paper
        withBorder
        p="sm"
        h={88}
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: props.scheme === 'dark' ? 'var(--mantine-color-dark-7)' : 'var(--mantine-color-white)',
        }}
      >
        {shown ? (
          <img src={shown} alt={t('preview', { label })} style={{ maxHeight: 64, maxWidth: '100%' }} />
        ) : (
          <Group gap={6} c="dimmed">
            <IconPhotoOff size={18} aria-hidden />
            <Text fz="xs">{t('defaultImage')}</Text>
          </Group>
        )}
      </Paper>
      <Group gap="xs">
        <input
          ref={input}
          type="file"
          accept={props.accept}
          hidden
          aria-label={label}
          onChange={(event) => {
            void handleFile(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconUpload size={14} />}
          onClick={() => input.current?.click()}
        >
          {t('upload')}
        </Button>
        {shown ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => props.onChange({ kind: 'remove' })}>
            {t('remove')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
