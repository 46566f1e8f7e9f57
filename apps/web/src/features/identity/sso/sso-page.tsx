import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { sessionFromLogin, sessionStore, sessionType, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { loginSso } from '../api/login-sso';
import { createUserManager, type OidcConfig, type SsoState } from './oidc';
import { hasRedirectResult, ssoOutcome } from './sso-outcome';

/** After this long the wait message admits the wait. */
export const SSO_SLOW_MS = 5_000;

type Completion = 'noResult' | 'noAccess' | 'failed' | 'signedIn';

/**
 * One completion per page load: the provider's code and state are single-use, and React's development
 * double effects (or a re-render) must not spend them twice.
 */
let completion: { search: string; promise: Promise<Completion> } | undefined;

async function completeSignIn(api: ApiClient, oidc: OidcConfig, search: string): Promise<Completion> {
  if (!hasRedirectResult(search)) return 'noResult';
  // The provider refused the user (or the user cancelled): no access from there either.
  if (new URLSearchParams(search).has('error')) return 'noAccess';
  let idToken: string;
  let nonce: string | undefined;
  let email: string | undefined;
  try {
    const user = await createUserManager(oidc).signinRedirectCallback(
      `${window.location.origin}/sso${search}`,
    );
    idToken = user.id_token ?? '';
    nonce = (user.state as SsoState | undefined)?.nonce;
    const claims = user.profile as { email?: unknown; preferred_username?: unknown };
    email = [claims.email, claims.preferred_username].find(
      (v): v is string => typeof v === 'string' && v.includes('@'),
    );
  } catch {
    // A stale or replayed answer, or the provider's token endpoint out of reach.
    return 'failed';
  }
  if (!idToken || !nonce) return 'failed';
  const outcome = ssoOutcome(await loginSso(api, { idToken, nonce }));
  if (outcome.kind !== 'signedIn') return outcome.kind;
  sessionStore.set(sessionFromLogin(outcome.tokens, sessionType.singleSignOn, email ?? ''));
  return 'signedIn';
}

/** The wait message, which admits the wait after SSO_SLOW_MS. */
export function SsoWait() {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SSO_SLOW_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Group role="status" gap="sm">
      <Loader size="sm" />
      <Text>{slow ? t('identity.sso.slow') : t('identity.sso.wait')}</Text>
    </Group>
  );
}

/** /sso: where the provider sends the browser back; swaps its ID token for a portal session. */
export function SsoPage() {
  const { t } = useTranslation();
  usePageTitle(t('identity.sso.title'));
  const api = useApiClient();
  const { oidc } = useRuntimeConfig();
  const session = useSession();
  const [result, setResult] = useState<Completion | undefined>();

  useEffect(() => {
    if (!oidc) {
      setResult('noResult');
      return;
    }
    const search = window.location.search;
    if (completion?.search !== search) completion = { search, promise: completeSignIn(api, oidc, search) };
    let active = true;
    void completion.promise.then((r) => active && setResult(r));
    return () => {
      active = false;
    };
  }, [api, oidc]);

  if (session.isAuthenticated && (result === 'signedIn' || result === 'noResult'))
    return <Navigate to="/" replace />;
  if (result === 'noResult') return <Navigate to="/signin" replace />;

  return (
    <Stack maw={480} mx="auto" mt="xl">
      <Title order={1} size="h2">
        {t('identity.sso.title')}
      </Title>
      {result === 'noAccess' || result === 'failed' ? (
        <>
          <Alert color="red" role="alert">
            {result === 'noAccess' ? t('identity.sso.noAccess') : t('identity.sso.failed')}
          </Alert>
          <Anchor component={Link} to="/signin">
            {t('identity.sso.backToSignIn')}
          </Anchor>
        </>
      ) : (
        <SsoWait />
      )}
    </Stack>
  );
}
