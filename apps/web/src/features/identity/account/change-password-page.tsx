import { changePasswordRequestSchema, PASSWORD_MAX } from '@client-portal/contract';
import { Button, Stack, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField, useContractForm } from '../../../components/form';
import {
  ErrorSummary,
  FormFeedback,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import { ruleField } from '../../../i18n/rule-field';
import { usePageTitle } from '../../../lib/use-page-title';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields, newPasswordFormSchema } from '../reset-password/password-fields';

const changeSchema = (t: TFunction) =>
  z
    .object({
      oldPassword: ruleField(
        changePasswordRequestSchema.shape.oldPassword,
        t,
        'identity.changePassword.rules',
        'oldPassword',
      ),
    })
    .and(newPasswordFormSchema(t, t('identity.changePassword.differ')));

type ChangeValues = { oldPassword: string; password: string; confirmPassword: string };

/** /account/password: old password, new password and its confirmation (password sessions only). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  usePageTitle(t('identity.changePassword.title'));
  const changePassword = useChangePassword();
  const feedback = useFormFeedback();
  const schema = useMemo(() => changeSchema(t), [t]);
  const form = useContractForm<ChangeValues>(schema, { oldPassword: '', password: '', confirmPassword: '' });
  const { handleSubmit, watch, reset } = form;

  const onSubmit = async (values: ChangeValues) => {
    const result = await feedback.submit(() =>
      changePassword.mutateAsync({
        oldPassword: values.oldPassword,
        newPassword: values.password,
        confirmPassword: values.confirmPassword,
      }),
    );
    if (result.ok) reset();
  };

  return (
    <Stack maw={480}>
      <Title order={1} size="h2">
        {t('identity.changePassword.title')}
      </Title>
      <FormFeedback
        feedback={feedback}
        failedMessage={t('identity.changePassword.failed')}
        successMessage={t('identity.changePassword.success')}
      />
      <form
        ref={summary.formRef}
        onSubmit={handleSubmit(summary.valid(onSubmit), summary.onInvalid)}
        noValidate
      >
        <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <ErrorSummary summary={summary} />
            <PasswordField
              form={form}
              name="oldPassword"
              label={t('identity.changePassword.oldPassword')}
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX}
            />
            <NewPasswordFields
              form={form}
              value={watch('password')}
              labels={{
                password: t('identity.changePassword.newPassword'),
                confirmPassword: t('identity.changePassword.confirmPassword'),
              }}
            />
            <Button type="submit" loading={feedback.isSubmitting} style={{ alignSelf: 'flex-start' }}>
              {t('identity.changePassword.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
