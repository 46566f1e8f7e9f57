import { EMAIL_MAX, loginRequestSchema } from '@client-portal/contract';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { useContractForm } from '../../../components/form';
import { ErrorSummary, useDelayedMessage, useErrorSummary } from '../../../components/form-feedback';
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

/** First step of sign-in: e-mail and password. Disabled (fieldset) while the attempt is on its way. */
export function CredentialsForm({ defaultEmail = '', submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  // The build-time copy of the page cannot send anything: its button waits for the app (lib/prerender).
  const prerendering = usePrerendering();
  const schema = useMemo(() => credentialsSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm<Credentials>(schema, { email: defaultEmail, password: '' });
  const emailError = useDelayedMessage(errors.email?.message);
  const passwordError = useDelayedMessage(errors.password?.message);

  return (
    <form
      ref={summary.formRef}
      onSubmit={handleSubmit(summary.valid(onSubmit), summary.onInvalid)}
      noValidate
    >
      <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <ErrorSummary summary={summary} />
          <TextInput
            label={t('signin.email')}
            type="email"
            autoComplete="username"
            required
            maxLength={EMAIL_MAX}
            error={emailError}
            {...register('email')}
          />
          <PasswordInput
            label={t('signin.password')}
            autoComplete="current-password"
            required
            error={passwordError}
            visibilityToggleButtonProps={{ 'aria-label': t('signin.togglePassword') }}
            {...register('password')}
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
