import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../lib/api-context';
import { sessionStore } from '../../lib/session';
import { logout } from './api/logout';

/** /signout: end the session on the server, forget it and everything fetched with it, then go home. */
export function SignOutPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    const session = sessionStore.get();
    // The local sign-out must not wait on (or fail with) the server: it happens either way.
    const ended = session.isAuthenticated ? logout(api, session.refreshToken) : Promise.resolve();
    void ended.finally(() => {
      if (cancelled) return;
      sessionStore.clear();
      queryClient.clear();
      navigate('/', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [api, navigate, queryClient]);
  return <Text role="status">{t('signin.signingOut')}</Text>;
}
