import { createSuperAdminInputSchema } from '@meshdeck/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { useSignUp } from '../api/sign-in.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';

interface SignupValues {
  username: string;
  password: string;
  confirmPassword: string;
}

/**
 * Creates the first super admin. The rules are the contract's (createSuperAdminInputSchema on the body that
 * is sent): the length rules show translated texts, anything subtler (charset) the contract's own message.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t } = useTranslation('auth');
  const signUp = useSignUp();
  const form = useForm<SignupValues>({
    initialValues: { username: '', password: '', confirmPassword: '' },
    validate: contractValidator<SignupValues>({
      schema: createSuperAdminInputSchema,
      toWire: (values) => ({ username: values.username.trim(), password: values.password }),
      toFieldError: (issue) => {
        // Length texts quote the contract's own minimum, so a stricter rule there needs no change here.
        const count = Number(issue.minimum);
        const tooShort = issue.code === 'too_small';
        if (issueField(issue) === 'username')
          return ['username', tooShort ? t('usernameTooShort', { count }) : issue.message];
        if (issueField(issue) === 'password')
          return ['password', tooShort ? t('passwordTooShort', { count }) : issue.message];
        return null;
      },
      extra: (values) => ({
        confirmPassword: values.confirmPassword !== values.password ? t('passwordMismatch') : null,
      }),
    }),
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
