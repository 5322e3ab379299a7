import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ColorFieldProps {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A #rrggbb colour: typed, or picked with the browser's own colour picker beside it. */
export function ColorField({ label, value, error, onChange }: ColorFieldProps) {
  const { t } = useTranslation('branding');
  const isValid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <TextInput
      label={label}
      value={value}
      error={error}
      maxLength={7}
      onChange={(event) => onChange(event.currentTarget.value.trim())}
      leftSection={
        <input
          type="color"
          aria-label={t('pickColor', { label })}
          value={isValid ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.currentTarget.value)}
          style={{ width: 22, height: 22, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
        />
      }
      w={220}
    />
  );
}
