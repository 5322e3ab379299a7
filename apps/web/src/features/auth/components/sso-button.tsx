import { useTranslation } from 'react-i18next';
import { withQuery } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useSsoProvider } from '../api/get-sso-provider.ts';
import classes from './auth.module.css';

/**
 * "Sign in with SSO", shown only when the server reports a provider. It is a plain link, not a fetch: the
 * browser must follow the redirects to the provider and back (api-contract §2.12 GET /api/oauth/login).
 * Plain elements on the sign-in card's styles, like the password form: on /login it is the one part that would
 * otherwise load Mantine, whose evaluation was a 90-150 ms task before the form was usable (issue 18).
 */
export function SsoButton() {
  const { t } = useTranslation('people');
  const { data: provider } = useSsoProvider();
  const baseUrl = useSession((state) => state.baseUrl).replace(/\/+$/, '');
  if (!provider) return null;
  const href = withQuery(`${baseUrl}/oauth/login`, {
    auth_provider: provider,
    'x-application-name': 'dashboard',
  });
  return (
    <>
      <div className={classes.divider} role="separator">
        <span>{t('sso.or')}</span>
      </div>
      <a className={classes.secondary} href={href}>
        {t('sso.signIn')}
      </a>
    </>
  );
}
