import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './components/auth-card.tsx';

/**
 * /invite?email=&invite_code= : invite sign-up needs the invite endpoints of the users module, which the
 * server does not offer yet, so the page says so instead of showing a form that cannot work.
 */
export function InvitePage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('inviteTitle')}>
      <Text c="dimmed" ta="center">
        {t('inviteUnavailable')}
      </Text>
      <Text ta="center" size="sm">
        <Anchor component={Link} to="/login">
          {t('backToSignIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
