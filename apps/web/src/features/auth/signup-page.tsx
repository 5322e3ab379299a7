import { Navigate, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useHasSuperAdmin } from './api/get-has-super-admin.ts';
import { AuthCard } from './components/auth-card.tsx';
import { SignupForm } from './components/signup-form.tsx';

/** /signup: creates the first super admin; once one exists the page only points to /login (features §3.2). */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { data: hasSuperAdmin } = useHasSuperAdmin();

  if (hasSuperAdmin === true) return <Navigate to="/login" replace />;

  return (
    <AuthCard title={t('signupTitle')} subtitle={t('signupSubtitle')}>
      <SignupForm onSignedUp={() => void navigate({ to: '/dashboard', replace: true })} />
    </AuthCard>
  );
}
