import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-message.ts';
import { DashboardAccessDeniedError } from '../api/sign-in.ts';

/** Explains a failed sign-in or signup, using the server's own Message when there is one. */
export function AuthErrorAlert({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation('auth');
  const text = error instanceof DashboardAccessDeniedError ? t('dashboardDenied') : describeError(error);
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={18} />} role="alert">
      {text}
    </Alert>
  );
}
