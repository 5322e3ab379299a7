import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasswordSignIn } from '../api/password-sign-in.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';
import classes from './auth.module.css';

type Field = 'username' | 'password';

/**
 * Username and password form; calls onSignedIn once the session is stored. Plain inputs and React state
 * instead of Mantine's inputs and @mantine/form: two required checks do not need a form library on /login.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(['auth', 'signin']);
  const signIn = usePasswordSignIn();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const validate = (next: typeof values) => ({
    username: next.username.trim() === '' ? t('usernameRequired') : undefined,
    password: next.password === '' ? t('passwordRequired') : undefined,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) return;
    signIn.mutate({ username: values.username.trim(), password: values.password }, { onSuccess: onSignedIn });
  };

  const input = (field: Field, type: string, autoComplete: string) => {
    const errorId = `login-${field}-error`;
    return (
      <div className={classes.field}>
        <label className={classes.label} htmlFor={`login-${field}`}>
          {t(field)}
          <span className={classes.required} aria-hidden>
            {' *'}
          </span>
        </label>
        <input
          id={`login-${field}`}
          className={classes.input}
          type={type}
          name={field}
          placeholder={t(`${field}Placeholder`)}
          autoComplete={autoComplete}
          autoFocus={field === 'username'}
          required
          value={values[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? errorId : undefined}
          onChange={(event) => {
            setValues({ ...values, [field]: event.currentTarget.value });
            // An error clears as soon as the field is edited, as it did with the form library.
            if (errors[field]) setErrors({ ...errors, [field]: undefined });
          }}
        />
        {errors[field] ? (
          <div id={errorId} className={classes.error}>
            {errors[field]}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.form}>
      {signIn.isError ? <AuthErrorAlert title={t('signin:failed')} error={signIn.error} /> : null}
      {input('username', 'text', 'username')}
      {input('password', 'password', 'current-password')}
      <button
        type="submit"
        className={classes.submit}
        disabled={signIn.isPending}
        aria-busy={signIn.isPending}
      >
        {t('signin:submit')}
      </button>
    </form>
  );
}
