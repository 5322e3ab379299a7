import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../api/sign-in.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';

/** Username and password form; calls onSignedIn once the session is stored. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(['auth', 'signin']);
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() === '' ? t('usernameRequired') : null),
      password: (value) => (value === '' ? t('passwordRequired') : null),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    signIn.mutate({ username: values.username.trim(), password: values.password }, { onSuccess: onSignedIn });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {signIn.isError ? <AuthErrorAlert title={t('signin:failed')} error={signIn.error} /> : null}
        <TextInput
          label={t('username')}
          placeholder={t('usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          required
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('password')}
          placeholder={t('passwordPlaceholder')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={signIn.isPending} mt="xs">
          {t('signin:submit')}
        </Button>
      </Stack>
    </form>
  );
}
