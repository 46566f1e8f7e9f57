import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useContractForm } from '../../../components/form';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { useApiClient } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { checkResetCode } from '../api/reset-code';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields, type NewPasswordValues, newPasswordFormSchema } from './password-fields';
import { afterCodeCheck, afterReset, type ResetState } from './reset-state';

/**
 * /reset-password/confirm?password={code}: checks the code, then takes the new password. Reached from
 * a reset email or, for a new account, from the invitation's confirm page.
 */
export function ResetConfirmPage() {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  usePageTitle(t('identity.reset.title'));
  const api = useApiClient();
  const [params] = useSearchParams();
  const code = params.get('password') ?? '';
  const resetPassword = useResetPassword(code);
  const [state, setState] = useState<ResetState>({ step: 'preparing' });
  const schema = useMemo(() => newPasswordFormSchema(t, t('identity.reset.differ')), [t]);
  const form = useContractForm<NewPasswordValues>(schema, { password: '', confirmPassword: '' });
  const { handleSubmit, watch } = form;

  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    void checkResetCode(api, code, controller.signal).then((result) => {
      if (!controller.signal.aborted) setState(afterCodeCheck(result));
    });
    return () => controller.abort();
  }, [api, code]);

  if (!code) return <Navigate to="/" replace />;

  const onSubmit = async (values: NewPasswordValues) => {
    setState({ step: 'loading' });
    setState(afterReset(await resetPassword.mutateAsync(values)));
  };

  const showForm = state.step === 'form' || state.step === 'loading';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('identity.reset.title')}
      </Title>
      {state.step === 'preparing' && (
        <Group role="status" gap="sm">
          <Loader size="sm" />
          <Text>{t('identity.reset.preparing')}</Text>
        </Group>
      )}
      {state.step === 'invalidLink' && (
        <>
          <Alert color="red" role="alert">
            {t('identity.reset.invalidLink')}
          </Alert>
          <Anchor component={Link} to="/reset-password">
            {t('identity.reset.requestNew')}
          </Anchor>
        </>
      )}
      {state.step === 'failed' && (
        <Alert color="red" role="alert">
          {t('identity.reset.failed')}
        </Alert>
      )}
      {state.step === 'complete' && (
        <>
          <Alert color="green" role="status">
            {t('identity.reset.complete')}
          </Alert>
          <Button component={Link} to="/signin">
            {t('identity.returnToSignIn')}
          </Button>
        </>
      )}
      {showForm && (
        <form
          ref={summary.formRef}
          onSubmit={handleSubmit(summary.valid(onSubmit), summary.onInvalid)}
          noValidate
        >
          <fieldset disabled={state.step === 'loading'} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <ErrorSummary summary={summary} />
              {state.step === 'form' && state.messages.length > 0 && (
                <Alert color="yellow" title={t('form.problemHeading')} role="alert">
                  <List size="sm">
                    {state.messages.map((m) => (
                      <List.Item key={m}>{m}</List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              <NewPasswordFields
                form={form}
                value={watch('password')}
                labels={{
                  password: t('identity.reset.newPassword'),
                  confirmPassword: t('identity.reset.confirmPassword'),
                }}
              />
              <Button type="submit" loading={state.step === 'loading'}>
                {t('identity.reset.submit')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      )}
    </Stack>
  );
}
