import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sessionStore } from '../../lib/session';
import { useLogout } from './api/logout';

/** /signout: end the session on the server, forget it and everything fetched with it, then go home. */
export function SignOutPage() {
  const { t } = useTranslation();
  const { mutateAsync: logout } = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    const session = sessionStore.get();
    // The local sign-out must not wait on (or fail with) the server: it happens either way.
    const ended = session.isAuthenticated ? logout(session.refreshToken) : Promise.resolve();
    void ended.finally(() => {
      if (cancelled) return;
      sessionStore.clear();
      queryClient.clear();
      navigate('/', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [logout, navigate, queryClient]);
  return <Text role="status">{t('signin.signingOut')}</Text>;
}
