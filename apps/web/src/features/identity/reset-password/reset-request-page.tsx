import { EMAIL_MAX } from '@client-portal/contract';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { TextField, useContractForm } from '../../../components/form';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequestResetLink } from '../api/reset-link';
import { emailField } from '../email-field';
import { afterResetLinkRequest, type ResetRequestState } from './reset-state';

const requestSchema = (t: TFunction) => z.object({ email: emailField(t) });

/** /reset-password: asks for a reset link. States: email, loading, complete, failed. */
export function ResetRequestPage() {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  usePageTitle(t('identity.resetRequest.title'));
  const requestResetLink = useRequestResetLink();
  const schema = useMemo(() => requestSchema(t), [t]);
  const [state, setState] = useState<ResetRequestState>('email');
  const [sentTo, setSentTo] = useState('');
  const form = useContractForm<{ email: string }>(schema, { email: '' });
  const { handleSubmit } = form;

  const onSubmit = async ({ email }: { email: string }) => {
    setState('loading');
    setSentTo(email);
    setState(afterResetLinkRequest(await requestResetLink.mutateAsync(email)));
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('identity.resetRequest.title')}
      </Title>
      {state === 'complete' ? (
        <Alert color="green" role="status">
          {t('identity.resetRequest.complete', { email: sentTo })}
        </Alert>
      ) : (
        <form
          ref={summary.formRef}
          onSubmit={handleSubmit(summary.valid(onSubmit), summary.onInvalid)}
          noValidate
        >
          <fieldset disabled={state === 'loading'} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <ErrorSummary summary={summary} />
              {state === 'failed' && (
                <Alert color="red" role="alert">
                  {t('identity.resetRequest.failed')}
                </Alert>
              )}
              <Text>{t('identity.resetRequest.intro')}</Text>
              <TextField
                form={form}
                name="email"
                label={t('signin.email')}
                type="email"
                autoComplete="username"
                required
                maxLength={EMAIL_MAX}
              />
              <Button type="submit" loading={state === 'loading'}>
                {state === 'loading' ? t('identity.resetRequest.loading') : t('identity.resetRequest.submit')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      )}
      <Anchor component={Link} to="/signin" size="sm">
        {t('identity.returnToSignIn')}
      </Anchor>
    </Stack>
  );
}
