import type { RuntimeConfig } from '@client-portal/contract';
import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';

export type OidcConfig = NonNullable<RuntimeConfig['oidc']>;

const SSO_CALLBACK_PATH = '/sso';

/** The state data carried through the provider's redirect. */
export interface SsoState {
  nonce: string;
}

/**
 * oidc-client-ts for the configured provider: authorization code flow with PKCE, back to /sso. The
 * pending request (PKCE verifier, state) waits in local storage under the app's prefix, so 'clear
 * cache' removes it; the provider's tokens are not kept, the portal's own session replaces them.
 */
export function createUserManager(oidc: OidcConfig): UserManager {
  return new UserManager({
    authority: oidc.authority,
    client_id: oidc.clientId,
    redirect_uri: `${window.location.origin}${SSO_CALLBACK_PATH}`,
    response_type: 'code',
    scope: oidc.scope,
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    stateStore: new WebStorageStateStore({ prefix: 'clientPortal.oidc.', store: window.localStorage }),
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  });
}

/** Sends the browser to the provider. The nonce comes back inside the ID token and in our state. */
export async function startSsoRedirect(oidc: OidcConfig): Promise<void> {
  const nonce = crypto.randomUUID();
  const state: SsoState = { nonce };
  await createUserManager(oidc).signinRedirect({ nonce, state });
}
