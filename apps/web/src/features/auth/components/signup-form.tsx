import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '@meshdeck/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useSignUp } from '../api/sign-in.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';

/**
 * Creates the first super admin. Only the length rules are checked here, with translated messages;
 * anything subtler (charset, reserved names) comes back as the server's Message.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t } = useTranslation('auth');
  const signUp = useSignUp();
  const form = useForm({
    initialValues: { username: '', password: '', confirmPassword: '' },
    validate: {
      username: (value) =>
        value.trim().length < USERNAME_MIN_LENGTH
          ? t('usernameTooShort', { count: USERNAME_MIN_LENGTH })
          : null,
      password: (value) =>
        value.length < PASSWORD_MIN_LENGTH ? t('passwordTooShort', { count: PASSWORD_MIN_LENGTH }) : null,
      confirmPassword: (value, values) => (value !== values.password ? t('passwordMismatch') : null),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    signUp.mutate({ username: values.username.trim(), password: values.password }, { onSuccess: onSignedUp });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {signUp.isError ? <AuthErrorAlert title={t('signupFailed')} error={signUp.error} /> : null}
        <TextInput
          label={t('username')}
          autoComplete="username"
          autoFocus
          required
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('password')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={signUp.isPending} mt="xs">
          {t('signupSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
