import { newPasswordRules } from '@/lib/new-password-rules.ts';
import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { platformRoleLabel } from '@/features/roles/roles.public.ts';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { LanguageSelect } from '@/components/ui/language-select.tsx';
import { describeError } from '@/lib/error-message.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useSession } from '@/lib/session.ts';
import { useChangeOwnPassword, useProfile } from './api/profile-api.ts';

/**
 * /profile: username, platform access level and sign-in type, read-only; a password change for accounts that
 * sign in with a password (SSO accounts have none here, so the fields are disabled with the reason).
 */
export function ProfilePage() {
  const { t } = useTranslation('people');
  const username = useSession((state) => state.username ?? '');
  const profile = useProfile(username);
  const change = useChangeOwnPassword();
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: {
      ...newPasswordRules(t),
      currentPassword: (value: string) => (value === '' ? t('form.currentPasswordRequired') : null),
    },
  });

  if (profile.isPending) return <CenteredLoader />;
  if (profile.isError) return <LoadError error={profile.error} onRetry={profile.refetch} />;
  const user = profile.data;

  const handleSubmit = form.onSubmit((values) =>
    change.mutate(
      { user, password: values.password, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('profile.passwordChanged'));
        },
      },
    ),
  );

  return (
    <Stack maw={520}>
      <Title order={1}>{t('profile.title')}</Title>
      <Paper withBorder p="lg">
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            {change.isError && <Alert color="red">{describeError(change.error)}</Alert>}
            <TextInput label={t('form.username')} value={user.username} readOnly />
            <TextInput
              label={t('form.platformRole')}
              value={platformRoleLabel(t, user.platformRoleId)}
              readOnly
            />
            <TextInput
              label={t('form.loginType')}
              value={user.isOAuth ? t('authType.oauth') : t('authType.basic')}
              readOnly
            />
            {user.isOAuth && <Alert color="blue">{t('rules.ssoNoPassword')}</Alert>}
            <PasswordInput
              label={t('form.currentPassword')}
              disabled={user.isOAuth}
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label={t('form.newPassword')}
              disabled={user.isOAuth}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('form.confirmPassword')}
              disabled={user.isOAuth}
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" disabled={user.isOAuth} loading={change.isPending}>
              {t('profile.update')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="lg">
        <LanguageSelect />
      </Paper>
    </Stack>
  );
}
