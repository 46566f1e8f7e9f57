import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** The client id the portal is registered under (settings OIDC_CLIENT_ID). */
export const DEV_IDP_CLIENT_ID = 'client-portal';
/** Every account of the local provider signs in with this password (the demo password). */
export const DEV_IDP_PASSWORD = 'Portal-demo-1';

/**
 * The operator's staff as the local provider knows them. admin@ has a portal account;
 * staff@ has none, to show the portal's no-access answer.
 */
export const devIdpAccounts = [
  { email: 'admin@operator.example', name: 'Operator Administrator' },
  { email: 'staff@operator.example', name: 'Operator Staff' },
] as const;

export interface DevIdp {
  issuer: string;
  close(): Promise<void>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, clientId: string, error?: string, username = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Operator sign-in (local identity provider)</title>
<style>body{font-family:sans-serif;max-width:26rem;margin:4rem auto}label{display:block;margin:.8rem 0 .2rem}
input{width:100%;padding:.4rem}button{margin-top:1rem;padding:.5rem 1.2rem}.error{color:#b00020}</style></head>
<body><h1>Operator sign-in</h1>
<p>Local identity provider for development. Signing in to <strong>${escapeHtml(clientId)}</strong>.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="username">Email</label><input id="username" name="username" type="email" required value="${escapeHtml(username)}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>
<p>Accounts: ${devIdpAccounts.map((a) => escapeHtml(a.email)).join(', ')}; password ${escapeHtml(DEV_IDP_PASSWORD)}.</p>
</body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function findAccount(email: string) {
  return devIdpAccounts.find((a) => a.email === email.trim().toLowerCase());
}

/**
 * A local OpenID Connect provider (oidc-provider) standing in for Microsoft Entra ID: authorization
 * code flow with PKCE for one public client, a plain password form as its sign-in page, and ID
 * tokens that carry email and email_verified. Port 0 picks a free port (tests).
 */
export async function startDevIdp(
  options: {
    port?: number;
    redirectUris?: string[];
    /** Accounts whose address the provider does not vouch for (`email_verified: false`), for tests. */
    unverifiedEmails?: string[];
  } = {},
): Promise<DevIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4000, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://localhost:${port}`;
  const redirectUris = [...new Set(['http://localhost:3000/sso', ...(options.redirectUris ?? [])])];
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'dev-idp-1', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: DEV_IDP_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        redirect_uris: redirectUris,
        post_logout_redirect_uris: [...new Set(redirectUris.map((u) => `${new URL(u).origin}/`))],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [signingKey] },
    // Explicit lifetimes (seconds): short, as a development provider needs no more.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86_400,
      Grant: 86_400,
    },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    pkce: { required: () => true, methods: ['S256'] },
    // The portal redeems the code from the browser (public client): allow the origins it returns to.
    clientBasedCORS: (_ctx: unknown, origin: string) =>
      redirectUris.some((uri) => new URL(uri).origin === origin),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the email into the ID token itself: the portal reads it from there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = findAccount(id);
      if (!account) return undefined;
      return {
        accountId: account.email,
        claims: async () => ({
          sub: account.email,
          email: account.email,
          email_verified: !(options.unverifiedEmails ?? []).includes(account.email),
          name: account.name,
        }),
      };
    },
    // The portal is the operator's own application: consent is implied, as Entra does for it.
    async loadExistingGrant(ctx: {
      oidc: {
        result?: { consent?: { grantId?: string } };
        session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
        client: { clientId: string };
        provider: Provider;
      };
    }) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      if (!oidc.session.accountId) return undefined;
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const clientId = String(details.params.client_id ?? '');
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const username = form.get('username') ?? '';
      const account = findAccount(username);
      if (!account || form.get('password') !== DEV_IDP_PASSWORD) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(loginPage(uid, clientId, 'Unknown email or wrong password.', username));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.email } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(loginPage(uid, clientId));
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login))?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) {
      callback(req, res);
      return;
    }
    interaction(req, res, match[1]!, match[2]).catch((error: Error) => {
      if (res.headersSent) return;
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Sign-in failed: ${error.message}. Start again from the portal.`);
    });
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
