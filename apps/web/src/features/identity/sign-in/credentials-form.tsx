import { EMAIL_MAX, loginRequestSchema } from '@client-portal/contract';
import { Anchor, Button, Stack } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PasswordField, TextField, useContractForm } from '../../../components/form';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { ruleField } from '../../../i18n/rule-field';
import { usePrerendering } from '../../../lib/prerender';
import { emailField } from '../email-field';

const credentialsSchema = (t: TFunction) =>
  z.object({
    email: emailField(t),
    password: ruleField(loginRequestSchema.shape.password, t, 'signin.rules', 'password'),
  });

export type Credentials = z.infer<ReturnType<typeof credentialsSchema>>;

interface Props {
  defaultEmail?: string;
  submitting: boolean;
  onSubmit(values: Credentials): void;
}

/** First step of sign-in: email and password. Disabled (fieldset) while the attempt is on its way. */
export function CredentialsForm({ defaultEmail = '', submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  // The build-time copy of the page cannot send anything: its button waits for the app (lib/prerender).
  const prerendering = usePrerendering();
  const schema = useMemo(() => credentialsSchema(t), [t]);
  const form = useContractForm<Credentials>(schema, { email: defaultEmail, password: '' });
  const { handleSubmit } = form;

  return (
    <form
      ref={summary.formRef}
      onSubmit={handleSubmit(summary.valid(onSubmit), summary.onInvalid)}
      noValidate
    >
      <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <ErrorSummary summary={summary} />
          <TextField
            form={form}
            name="email"
            label={t('signin.email')}
            type="email"
            autoComplete="username"
            required
            maxLength={EMAIL_MAX}
          />
          <PasswordField
            form={form}
            name="password"
            label={t('signin.password')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('signin.togglePassword') }}
          />
          <Button type="submit" loading={submitting} disabled={submitting || prerendering}>
            {submitting ? t('signin.submitting') : t('signin.submit')}
          </Button>
          <Anchor component={Link} to="/reset-password" size="sm">
            {t('identity.forgotPassword')}
          </Anchor>
        </Stack>
      </fieldset>
    </form>
  );
}
