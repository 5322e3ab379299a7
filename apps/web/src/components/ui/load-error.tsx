import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-message.ts';

export interface LoadErrorProps {
  /** The failed read's error: its message says what went wrong (server message, unreachable ...). */
  error: unknown;
  /** Reads again; without it the alert has no retry button. */
  onRetry?: () => unknown;
}

/**
 * What a page or list shows when its data could not be read: the reason and a retry, never an empty list (issue
 * 39: a failed read that looks like "nothing here" invites a duplicate).
 */
export function LoadError({ error, onRetry }: LoadErrorProps) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" title={t('loadFailed')} data-testid="load-error">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{describeError(error)}</Text>
        {onRetry && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void onRetry()}
          >
            {t('retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
