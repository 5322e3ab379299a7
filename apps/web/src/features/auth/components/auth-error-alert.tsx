import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-message.ts';
import { DashboardAccessDeniedError } from '../api/access-denied.ts';
import classes from './auth.module.css';

/** Explains a failed sign-in or signup, using the server's own Message when there is one. */
export function AuthErrorAlert({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation('auth');
  const text = error instanceof DashboardAccessDeniedError ? t('dashboardDenied') : describeError(error);
  return (
    <div className={classes.alert} role="alert">
      <IconAlertCircle size={18} aria-hidden />
      <div>
        <strong className={classes.alertTitle}>{title}</strong>
        {text}
      </div>
    </div>
  );
}
