import { Alert, Anchor, Text } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { useInviteCheck } from './api/invite-signup.ts';
import { AuthCard } from './components/auth-card.tsx';
import { InviteSignupForm } from './components/invite-signup-form.tsx';
import { SsoButton } from './components/sso-button.tsx';

const routeApi = getRouteApi('/_public/invite');

/**
 * /invite?email=&invite_code= (outside the layout): checks the code first so a dead link says so at once,
 * then offers the password sign-up, and single sign-on when the server has a provider (features §3.4).
 */
export function InvitePage() {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const { email, invite_code: inviteCode } = routeApi.useSearch();
  const params = email && inviteCode ? { email, inviteCode } : null;
  const check = useInviteCheck(params);

  const backLink = (
    <Text ta="center" size="sm">
      <Anchor component={Link} to="/login">
        {t('invitePage.backToSignIn')}
      </Anchor>
    </Text>
  );

  if (params === null || check.isError)
    return (
      <AuthCard title={t('invitePage.title')}>
        <Alert color="red" role="alert" title={t('invitePage.invalid')}>
          {t('invitePage.invalidExplain')}
        </Alert>
        {backLink}
      </AuthCard>
    );
  if (check.isPending) return <CenteredLoader />;

  return (
    <AuthCard title={t('invitePage.title')} subtitle={t('invitePage.subtitle', { email: params.email })}>
      <InviteSignupForm
        params={params}
        onSignedIn={() => void navigate({ to: '/dashboard', replace: true })}
      />
      <SsoButton />
      {backLink}
    </AuthCard>
  );
}
