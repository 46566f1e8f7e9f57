import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { SignInForm } from './components/sign-in-form';

export function SignInPage() {
  const { t } = useTranslation();
  usePageTitle(t('signin.title'));
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  // Already signed in: straight on to completion.
  if (session.isAuthenticated) return <Navigate to="/" replace />;

  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('signin.heading')}
      </Title>
      <SignInForm onSignedIn={() => navigate(location.state?.from?.pathname ?? '/', { replace: true })} />
    </>
  );
}
