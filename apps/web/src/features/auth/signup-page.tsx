import { Navigate, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session.ts';
import { useHasSuperAdmin } from './api/get-has-super-admin.ts';
import { AuthCard } from './components/auth-card.tsx';
import { SignupForm } from './components/signup-form.tsx';

/** /signup: creates the first super admin, then signs in; once one exists the page sends visitors on (features §3.2). */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { data: hasSuperAdmin } = useHasSuperAdmin();
  const isSignedIn = useSession((state) => state.token !== null);

  // Right after a successful signup the new admin is signed in and belongs on the dashboard.
  if (hasSuperAdmin === true) return <Navigate to={isSignedIn ? '/dashboard' : '/login'} replace />;

  return (
    <AuthCard title={t('signupTitle')} subtitle={t('signupSubtitle')}>
      <SignupForm onSignedUp={() => void navigate({ to: '/dashboard', replace: true })} />
    </AuthCard>
  );
}
