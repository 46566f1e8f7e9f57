import { DEV_IDP_CLIENT_ID, DEV_IDP_PASSWORD, devIdpAccounts, startDevIdp } from './dev-idp.js';

// `npm run idp`: the local OpenID Connect provider for development (see README, single sign-on).
const port = Number(process.env.IDP_PORT ?? 4000);
const redirectUris = (process.env.IDP_REDIRECT_URIS ?? '')
  .split(',')
  .map((u) => u.trim())
  .filter(Boolean);

const idp = await startDevIdp({ port, redirectUris });
console.log(`Local identity provider at ${idp.issuer}`);
console.log(`Start the portal with OIDC_ISSUER=${idp.issuer} OIDC_CLIENT_ID=${DEV_IDP_CLIENT_ID}`);
console.log(`Accounts (password ${DEV_IDP_PASSWORD}): ${devIdpAccounts.map((a) => a.email).join(', ')}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void idp.close().then(() => process.exit(0));
  });
}
