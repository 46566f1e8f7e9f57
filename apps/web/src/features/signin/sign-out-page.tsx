import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sessionStore } from '../../lib/session';

/** /signout: forget the session and everything fetched with it, then go home (which leads to sign-in). */
export function SignOutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    sessionStore.clear();
    queryClient.clear();
    navigate('/', { replace: true });
  }, [navigate, queryClient]);
  return <Text role="status">{t('signin.signingOut')}</Text>;
}
