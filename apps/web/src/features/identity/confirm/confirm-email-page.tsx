import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useApiClient } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { confirmEmailQueryOptions } from '../api/confirm-email';
import { type ConfirmState, readConfirmLink } from './confirm-outcome';

/**
 * /user/confirm?email=&code=[&password=]: confirms the address, then offers 'Set password' (keeping
 * the query string, whose password code the next page uses) or 'Return to sign in'.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('identity.confirm.title'));
  const api = useApiClient();
  const { search } = useLocation();
  const link = readConfirmLink(search);
  const confirmation = useQuery(confirmEmailQueryOptions(api, link));

  if (!link.email) return <Navigate to="/" replace />;
  const state: ConfirmState = confirmation.data ?? (confirmation.isError ? 'unknown' : 'loading');

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('identity.confirm.title')}
      </Title>
      {state === 'loading' && (
        <Group role="status" gap="sm">
          <Loader size="sm" />
          <Text>{t('identity.confirm.loading')}</Text>
        </Group>
      )}
      {state === 'complete' && (
        <Alert color="green" role="status">
          {link.hasPasswordCode ? t('identity.confirm.completeSetPassword') : t('identity.confirm.complete')}
        </Alert>
      )}
      {(state === 'failed' || state === 'unknown') && (
        <Alert color="red" role="alert">
          {state === 'failed' ? t('identity.confirm.failed') : t('common.unknownError')}
        </Alert>
      )}
      {state !== 'loading' &&
        (state === 'complete' && link.hasPasswordCode ? (
          <Button component={Link} to={`/reset-password/confirm${search}`}>
            {t('identity.confirm.setPassword')}
          </Button>
        ) : (
          <Button component={Link} to="/signin" variant={state === 'complete' ? 'filled' : 'default'}>
            {t('identity.returnToSignIn')}
          </Button>
        ))}
    </Stack>
  );
}
