import { Alert, Anchor, Title } from '@mantine/core';
import { useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useFocusStepHeading } from '../../../components/focus';
import { PrerenderTakeOver } from '../../../lib/prerender';
import { sessionFromLogin, sessionStore, sessionType, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLogin } from '../api/login';
import { CodeForm } from './code-form';
import { type Credentials, CredentialsForm } from './credentials-form';
import { initialSignInState, type SignInMessage, signInReducer, signInResult } from './sign-in-flow';
import { SsoButton } from './sso-button';

const messageKeys = {
  invalidCredentials: 'signin.invalidCredentials',
  notConfirmed: 'signin.notConfirmed',
  userLocked: 'signin.userLocked',
  unavailable: 'signin.unavailable',
} as const satisfies Record<Exclude<SignInMessage, 'wrongCode'>, string>;

/** /signin: credentials, then the two-factor code when the account asks for it; then on to /. */
export function SignInPage() {
  const { t } = useTranslation();
  const login = useLogin();
  const session = useSession();
  const location = useLocation();
  const [state, dispatch] = useReducer(signInReducer, initialSignInState);
  const step = state.step === 'loading' ? state.from : state.step;
  // The page's title is its heading: the code step is a page of its own to the reader.
  const heading = step === 'code' ? t('identity.code.heading') : t('signin.title');
  usePageTitle(heading);
  // Kept for the code step, which sends them again with the code; never stored.
  const credentials = useRef<Credentials | undefined>(undefined);
  // Between the password and the code step, focus moves to the step's heading.
  const stepRef = useFocusStepHeading(step);

  // Already signed in (or just now): straight on to where the user was going.
  if (session.isAuthenticated) {
    const from: unknown = location.state?.from?.pathname;
    return <Navigate to={typeof from === 'string' && from !== '/signin' ? from : '/'} replace />;
  }

  const attempt = async (body: Credentials & { code?: string }) => {
    dispatch({ type: 'submit' });
    const result = signInResult(await login.mutateAsync(body));
    if (result.tokens) sessionStore.set(sessionFromLogin(result.tokens, sessionType.password, body.email));
    dispatch({ type: 'result', result });
  };

  const submitting = state.step === 'loading' || state.step === 'complete';
  const message = state.step === 'credentials' || state.step === 'code' ? state.message : undefined;

  return (
    <div ref={stepRef}>
      <Title order={1} size="h2" mb="md">
        {heading}
      </Title>
      {!message && step === 'credentials' && sessionStore.loadFailed() && (
        <Alert color="yellow" role="alert" mb="md">
          {t('errors.userSession')} {t('signin.signInAgain')}
        </Alert>
      )}
      {message && message !== 'wrongCode' && (
        <Alert color={message === 'unavailable' ? 'yellow' : 'red'} role="alert" mb="md">
          {t(messageKeys[message])}
          {message === 'invalidCredentials' && (
            <>
              {' '}
              <Anchor component={Link} to="/reset-password">
                {t('signin.invitedHint')}
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {step === 'code' ? (
        <CodeForm
          submitting={submitting}
          codeRejected={message === 'wrongCode'}
          onSubmit={(code) => credentials.current && void attempt({ ...credentials.current, code })}
          onBack={() => dispatch({ type: 'back' })}
        />
      ) : (
        <>
          <CredentialsForm
            defaultEmail={credentials.current?.email}
            submitting={submitting}
            onSubmit={(values) => {
              credentials.current = values;
              void attempt(values);
            }}
          />
          <SsoButton disabled={submitting} />
          <Anchor component={Link} to="/privacy" size="sm" mt="md" display="inline-block">
            {t('signin.privacyNotice')}
          </Anchor>
        </>
      )}
      {/* Last, so the form's fields are registered when their values come over (lib/prerender). */}
      <PrerenderTakeOver />
    </div>
  );
}
