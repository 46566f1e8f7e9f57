import { SSO_NO_ACCESS, type Tokens } from '@client-portal/contract';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { notFound, ProblemError } from '../../plugins/problem.js';
import { auditSelf } from './identity-audit.js';
import type { IdentityContext } from './identity-context.js';
import { findUserByEmail } from './identity-repository.js';
import { startSession } from './sessions-service.js';

interface Issuer {
  issuer: string;
  jwks: JWTVerifyGetKey;
}

/** The issuer's discovery document and key set, fetched once per issuer (jose refreshes the keys). */
const issuers = new Map<string, Promise<Issuer>>();

async function discover(issuerUrl: string): Promise<Issuer> {
  const url = `${issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`OpenID discovery failed: ${res.status} from ${url}`);
  const doc = (await res.json()) as { issuer?: string; jwks_uri?: string };
  if (!doc.issuer || !doc.jwks_uri)
    throw new Error(`OpenID discovery document at ${url} lacks issuer or jwks_uri`);
  return { issuer: doc.issuer, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
}

function issuerFor(issuerUrl: string): Promise<Issuer> {
  let found = issuers.get(issuerUrl);
  if (!found) {
    found = discover(issuerUrl);
    issuers.set(issuerUrl, found);
    // A provider that was down must be asked again next time, not remembered as broken.
    found.catch(() => issuers.delete(issuerUrl));
  }
  return found;
}

const noAccess = (status: 401 | 403) =>
  new ProblemError(status, status === 401 ? 'Unauthorized' : 'Forbidden', SSO_NO_ACCESS);

/**
 * Single sign-on: verifies an ID token from the configured OpenID Connect provider (signature by its
 * published keys, issuer, audience = our client id, expiry, and the nonce the browser sent), then
 * signs in the live account with its verified `email` (`email_verified: true`) as an 'msal' session.
 */
export async function signInWithIdToken(
  ctx: IdentityContext,
  body: { idToken: string; nonce: string },
): Promise<Tokens> {
  const { OIDC_ISSUER, OIDC_CLIENT_ID } = ctx.settings;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID) throw notFound('Single sign-on is not configured.');
  const issuer = await issuerFor(OIDC_ISSUER);
  let claims: Record<string, unknown>;
  try {
    const { payload } = await jwtVerify(body.idToken, issuer.jwks, {
      issuer: issuer.issuer,
      audience: OIDC_CLIENT_ID,
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: 60,
    });
    claims = payload;
  } catch (error) {
    ctx.log.info({ reason: (error as Error).message }, 'single sign-on token refused');
    throw noAccess(401);
  }
  // The nonce the browser sent to the provider must come back in the token: no replayed tokens.
  if (claims.nonce !== body.nonce) throw noAccess(401);
  // Only an address the provider vouches for names the account.
  const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email : null;
  if (!email || claims.email_verified !== true) throw noAccess(401);
  const user = await findUserByEmail(ctx.kysely, email);
  if (!user) throw noAccess(403);
  await auditSelf(ctx.kysely, user, 'signedInSso');
  return startSession(ctx, user.id, 'msal');
}
