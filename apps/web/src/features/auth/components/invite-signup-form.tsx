import { newPasswordRules } from '@/lib/new-password-rules.ts';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths.ts';
import { useInviteSignup, type InviteParams } from '../api/invite-signup.ts';
import { DashboardAccessDeniedError, useSignIn } from '../api/sign-in.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';

/**
 * Basic-auth sign-up through an invite (features §3.4): the username is the invited email, then the new user is
 * signed in. A role without dashboard access still gets its account; the page says where to use it instead.
 */
export function InviteSignupForm({ params, onSignedIn }: { params: InviteParams; onSignedIn: () => void }) {
  const { t } = useTranslation('people');
  const signup = useInviteSignup();
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: newPasswordRules(t),
  });

  const handleSubmit = form.onSubmit((values) => {
    const credentials = { username: params.email, password: values.password };
    signup.mutate(
      { params, credentials },
      { onSuccess: () => signIn.mutate(credentials, { onSuccess: onSignedIn }) },
    );
  });

  if (signIn.error instanceof DashboardAccessDeniedError)
    return <Alert color="blue">{t('invitePage.createdNoDashboard')}</Alert>;
  // The account exists now: a second submit could only fail, so the form gives way to the sign-in page.
  if (signup.isSuccess && signIn.isError)
    return (
      <Stack>
        <AuthErrorAlert title={t('invitePage.signInFailed')} error={signIn.error} />
        <Button component={Link} to={paths.login()} fullWidth>
          {t('invitePage.toSignIn')}
        </Button>
      </Stack>
    );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {signup.isError && <AuthErrorAlert title={t('invitePage.failed')} error={signup.error} />}
        <TextInput label={t('form.username')} value={params.email} readOnly />
        <PasswordInput
          label={t('form.password')}
          required
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('form.confirmPassword')}
          required
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={signup.isPending || signIn.isPending}>
          {t('invitePage.submit')}
        </Button>
      </Stack>
    </form>
  );
}
