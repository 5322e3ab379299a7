import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './auth.module.css';

/**
 * What the provider's round trip ended in when it did not sign the user in (api-contract §7.2): `?sso=pending`
 * (an admin must approve the account first) or `?sso_error=<reason>` (the server's own reason, shown as is).
 */
export function SsoOutcome({ isPending, error }: { isPending: boolean; error: string | undefined }) {
  const { t } = useTranslation('people');
  if (error)
    return (
      <div className={classes.alert} role="alert">
        <IconAlertCircle size={18} aria-hidden />
        <div>
          <strong className={classes.alertTitle}>{t('sso.failed')}</strong>
          {error}
        </div>
      </div>
    );
  if (!isPending) return null;
  return (
    <p className={classes.notice} role="status">
      {t('sso.pending')}
    </p>
  );
}
