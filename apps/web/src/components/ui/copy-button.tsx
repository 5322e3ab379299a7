import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_CONFIRMATION_MS } from '@/lib/constants.ts';

export interface CopyButtonProps {
  value: string;
  /** Accessible name, e.g. "Copy token". */
  label?: string;
}

/** Copies `value`; confirms for the spec's 2 s (spec §9) and says so when the clipboard refuses (spec §8). */
export function CopyButton({ value, label }: CopyButtonProps) {
  const { t } = useTranslation('common');
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const handleCopy = async () => {
    try {
      // navigator.clipboard is missing on plain-HTTP origins other than localhost; that is a failure too.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      notifications.show({ color: 'red', message: t('copy.failed') });
    }
  };

  const name = label ?? t('copy.copy');
  return (
    <Tooltip label={isCopied ? t('copy.copied') : name} withArrow>
      <ActionIcon
        variant="subtle"
        color={isCopied ? 'teal' : 'gray'}
        aria-label={isCopied ? t('copy.copied') : name}
        onClick={() => void handleCopy()}
      >
        {isCopied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
