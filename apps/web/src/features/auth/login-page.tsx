import { QueryClientContext } from '@tanstack/react-query';
import { lazy, Suspense, useContext } from 'react';
import { getRouteApi, Navigate, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSuperAdminCheck } from './api/super-admin-check.ts';
import { AuthCard } from './components/auth-card.tsx';
import { LoginForm } from './components/login-form.tsx';
import classes from './components/auth.module.css';

// Single sign-on needs the query cache, and its callback reads the user through the contracts' zod schemas and
// draws with Mantine: loaded after the form, so /login's own JavaScript stays small (issue 8) and the password
// form is usable first. The button itself is plain HTML, so only the way back from the provider loads Mantine.
const SsoButton = lazy(() => import('./components/sso-button.tsx').then((m) => ({ default: m.SsoButton })));
const SsoCallback = lazy(() =>
  import('./components/sso-island.tsx').then((m) => ({ default: m.SsoCallbackIsland })),
);
const SsoOutcome = lazy(() =>
  import('./components/sso-outcome.tsx').then((m) => ({ default: m.SsoOutcome })),
);

const routeApi = getRouteApi('/_public/login');

/** /login: a fresh server without a super admin sends the visitor to /signup first (features §3.1). */
export function LoginPage() {
  const { t } = useTranslation('signin');
  const {
    redirect,
    expired,
    login: ssoToken,
    user: ssoUser,
    sso,
    sso_error: ssoError,
  } = routeApi.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  // An unreachable server leaves it undefined: the form still shows, the error appears on submit.
  const hasSuperAdmin = useSuperAdminCheck();
  // The query cache arrives just after the form is usable (app.tsx); single sign-on waits for it.
  const hasQueryClient = useContext(QueryClientContext) !== undefined;

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
        {hasQueryClient && ssoToken && ssoUser ? (
          <SsoCallback token={ssoToken} username={ssoUser} onSignedIn={handleSignedIn} />
        ) : null}
        {sso === 'pending' || ssoError ? <SsoOutcome isPending={sso === 'pending'} error={ssoError} /> : null}
      </Suspense>
      <LoginForm onSignedIn={handleSignedIn} />
      <Suspense fallback={null}>{hasQueryClient ? <SsoButton /> : null}</Suspense>
    </AuthCard>
  );
}
