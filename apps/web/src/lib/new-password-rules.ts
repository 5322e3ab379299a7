import { PASSWORD_MIN_LENGTH, passwordSchema } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';
import { checkField } from './check-field.ts';

/** The password message of the contract's rule (at least 8 characters), in the people namespace's words. */
export const newPasswordError = (t: TFunction<'people'>, value: string): string | null =>
  checkField(passwordSchema, value, {
    tooShort: t('form.passwordTooShort', { count: PASSWORD_MIN_LENGTH }),
    invalid: t('form.passwordInvalid'),
  });

/** `@mantine/form` rules of every "new password + confirm" pair: one rule set, on every page that sets one. */
export const newPasswordRules = (t: TFunction<'people'>) => ({
  password: (value: string) => newPasswordError(t, value),
  confirmPassword: (value: string, values: { password: string }) =>
    value !== values.password ? t('form.passwordMismatch') : null,
});
