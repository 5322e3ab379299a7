import { Button, Divider } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { withQuery } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useSsoProvider } from '../api/get-sso-provider.ts';

/**
 * "Sign in with SSO", shown only when the server reports a provider. It is a plain link, not a fetch: the
 * browser must follow the redirects to the provider and back (api-contract §2.12 GET /api/oauth/login).
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
      <Divider label={t('sso.or')} labelPosition="center" />
      <Button component="a" href={href} variant="default" fullWidth leftSection={<IconKey size={16} />}>
        {t('sso.signIn')}
      </Button>
    </>
  );
}
