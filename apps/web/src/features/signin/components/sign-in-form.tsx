import { EMAIL_MAX } from '@client-portal/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDelayedMessage } from '../../../components/form-feedback';
import { useApiClient } from '../../../lib/api-context';
import { sessionFromLogin, sessionStore } from '../../../lib/session';
import { login, type SignInOutcome, signInOutcome } from '../api/login';

const signInSchema = (t: TFunction) =>
  z.object({
    email: z
      .string()
      .trim()
      .min(1, t('signin.emailRequired'))
      .max(EMAIL_MAX, t('signin.emailTooLong', { max: String(EMAIL_MAX) }))
      .pipe(z.email(t('signin.emailInvalid'))),
    password: z.string().min(1, t('signin.passwordRequired')),
  });

type SignInValues = z.infer<ReturnType<typeof signInSchema>>;
type Failure = Exclude<SignInOutcome['kind'], 'success'>;

const failureKeys = {
  invalidCredentials: 'signin.invalidCredentials',
  userLocked: 'signin.userLocked',
  unavailable: 'signin.unavailable',
  requireMfa: 'signin.twoFactorRequired',
} as const satisfies Record<Failure, string>;

/** Credentials step of sign-in; the session it stores is what takes the user on to /. */
export function SignInForm({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const schema = useMemo(() => signInSchema(t), [t]);
  const [failure, setFailure] = useState<Failure | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const emailError = useDelayedMessage(errors.email?.message);
  const passwordError = useDelayedMessage(errors.password?.message);

  const onSubmit = async (values: SignInValues) => {
    setFailure(undefined);
    const outcome = signInOutcome(await login(api, values));
    if (outcome.kind !== 'success') return setFailure(outcome.kind);
    sessionStore.set(sessionFromLogin(outcome.login, 'identity', values.email));
    onSignedIn();
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      {/* A disabled fieldset stops a second submit and edits while the first is on its way. */}
      <fieldset disabled={isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          {failure && (
            <Alert color={failure === 'unavailable' ? 'yellow' : 'red'} role="alert">
              {t(failureKeys[failure])}
            </Alert>
          )}
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
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {isSubmitting ? t('signin.submitting') : t('signin.submit')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}
