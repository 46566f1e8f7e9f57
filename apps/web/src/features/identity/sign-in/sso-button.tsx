import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../lib/runtime-config';

/** 'Sign in with your organisation account', shown only when the deployment names a provider. */
export function SsoButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { oidc } = useRuntimeConfig();
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!oidc) return null;

  const start = async () => {
    setStarting(true);
    setFailed(false);
    try {
      // The OpenID Connect client loads only when asked for, not with the sign-in page.
      const { startSsoRedirect } = await import('../sso/oidc');
      await startSsoRedirect(oidc);
    } catch {
      // Discovery (or loading the client) failed: nothing has left the page.
      setFailed(true);
      setStarting(false);
    }
  };

  return (
    <Stack mt="md">
      <Divider label={t('identity.sso.or')} labelPosition="center" />
      {failed && (
        <Alert color="yellow" role="alert">
          {t('identity.sso.startFailed')}
        </Alert>
      )}
      <Button variant="default" onClick={start} loading={starting} disabled={disabled || starting}>
        {t('identity.sso.button')}
      </Button>
    </Stack>
  );
}
