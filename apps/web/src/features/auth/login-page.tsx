import { lazy, Suspense } from 'react';
import { getRouteApi, Navigate, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useHasSuperAdmin } from './api/get-has-super-admin.ts';
import { AuthCard } from './components/auth-card.tsx';
import { LoginForm } from './components/login-form.tsx';
import classes from './components/auth.module.css';

// Single sign-on reads the server status and the user through the contracts' zod schemas: loaded after the form,
// so /login's own JavaScript stays small (issue 8) and the password form is usable first.
const SsoButton = lazy(() => import('./components/sso-button.tsx').then((m) => ({ default: m.SsoButton })));
const SsoCallback = lazy(() =>
  import('./components/sso-callback.tsx').then((m) => ({ default: m.SsoCallback })),
);
const SsoOutcome = lazy(() => import('./components/sso-outcome.tsx').then((m) => ({ default: m.SsoOutcome })));

const routeApi = getRouteApi('/_public/login');

/** /login: a fresh server without a super admin sends the visitor to /signup first (features §3.1). */
export function LoginPage() {
  const { t } = useTranslation('signin');
  const { redirect, expired, login: ssoToken, user: ssoUser, sso, sso_error: ssoError } = routeApi.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  // An unreachable server leaves `data` undefined: the form still shows, the error appears on submit.
  const { data: hasSuperAdmin } = useHasSuperAdmin();

  if (hasSuperAdmin === false) return <Navigate to="/signup" replace />;

  const handleSignedIn = () => {
    if (redirect) router.history.replace(redirect);
    else void navigate({ to: '/dashboard', replace: true });
  };

  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      {expired ? (
        <p className={classes.notice} role="status">
          {t('sessionExpired')}
        </p>
      ) : null}
      <Suspense fallback={null}>
        {ssoToken && ssoUser ? (
          <SsoCallback token={ssoToken} username={ssoUser} onSignedIn={handleSignedIn} />
        ) : null}
        {sso === 'pending' || ssoError ? <SsoOutcome isPending={sso === 'pending'} error={ssoError} /> : null}
      </Suspense>
      <LoginForm onSignedIn={handleSignedIn} />
      <Suspense fallback={null}>
        <SsoButton />
      </Suspense>
    </AuthCard>
  );
}
