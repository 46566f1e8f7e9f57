import crypto from 'node:crypto';
import { API_KEY_PREFIX, type FeatureName } from '@client-portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import {
  loadApiKeyCaller,
  loadPrincipalRecord,
  type Principal,
  policy,
  readApiKeyCaller,
  readUserCaller,
} from '../modules/access/index.js';
import { apiKeyTokenHash, noteApiKeyUse } from '../modules/api-keys/index.js';
import { RateLimitLeases } from '../modules/identity/index.js';
import { forbidden, unauthorized } from './problem.js';

/** Whether the route's documented security admits API keys: only those routes do. */
function routeAcceptsKeys(request: FastifyRequest): boolean {
  const security = request.routeOptions.schema?.security;
  return security?.some((requirement) => 'apiKey' in requirement) ?? false;
}

/** The last-use write is tried at most once a minute per key and process (the SQL makes it once a minute). */
const KEY_USE_NOTE_MS = 60_000;

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  securityStamp: number;
}

export interface TokenService {
  issueAccessToken(claims: AccessTokenClaims): Promise<{ token: string; expiresIn: number }>;
  verifyAccessToken(token: string): Promise<AccessTokenClaims | null>;
  /** Encrypts a secret to keep in the database for a moment (AES-256-GCM, key derived from ours). */
  seal(plain: string): string;
  /** The sealed secret, or null when it was not sealed by this key or was tampered with. */
  unseal(sealed: string): string | null;
}

const ISSUER = 'client-portal';
/** The most verified access tokens kept per process (a full table is emptied). */
const VERIFIED_TOKENS_MAX = 10_000;

export function createTokenService(key: Uint8Array, accessTokenMinutes: number): TokenService {
  // Tokens whose signature was checked: the same text verifies the same way until it expires, and
  // checking the signature is most of a signed-in request's own work (WebCrypto HMAC).
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  const sealKey = Buffer.from(
    crypto.hkdfSync('sha256', key, Buffer.alloc(0), 'client-portal sealed secrets', 32),
  );
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    unseal(sealed) {
      try {
        const bytes = Buffer.from(sealed, 'base64url');
        const decipher = crypto.createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    async issueAccessToken(claims) {
      const expiresIn = accessTokenMinutes * 60;
      const token = await new SignJWT({ sid: claims.sessionId, stamp: claims.securityStamp })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${expiresIn}s`)
        .sign(key);
      return { token, expiresIn };
    },
    async verifyAccessToken(token) {
      const known = verified.get(token);
      if (known) return known.expiresAt > Date.now() ? known.claims : null;
      try {
        // A token without an expiry would be good for ever: refused even though we never issue one.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        if (typeof payload.stamp !== 'number') return null;
        const claims = { userId: payload.sub, sessionId: payload.sid, securityStamp: payload.stamp };
        if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
        verified.set(token, { claims, expiresAt: payload.exp! * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Authenticates each request from its bearer token and reloads the caller from the database, or
 * from this process's caller cache (emptied on every change to the rows it reads, by any process),
 * so that removal, a password change or new roles or sites take effect on the next request.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { tokens: TokenService; checkPolicyConsulted?: boolean }) => {
    app.decorate('tokens', options.tokens);
    app.decorateRequest('principalIfSignedIn', null);
    // Typed non-null for the routes behind a gate; read anywhere else it answers 401, never undefined.
    app.decorateRequest('principal', {
      getter(this: FastifyRequest): Principal {
        if (!this.principalIfSignedIn) throw unauthorized();
        return this.principalIfSignedIn;
      },
    });

    // When this process last noted each key's use (decision 43): at most one write a minute per key.
    const keyUseNoted = new Map<string, number>();
    // Each key's requests a minute, shared by every process through the database in small claims.
    const keyRequestLeases = new RateLimitLeases(app.database.kysely);

    /** A caller with an API key: known, live, within its rate limit, on a route that admits keys. */
    const authenticateApiKey = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const hash = apiKeyTokenHash(token);
      const load = () => loadApiKeyCaller(app.database.kysely, hash);
      const cache = app.caches.callers;
      const caller = (await cache.settle()) ? await readApiKeyCaller(cache, hash, load) : await load();
      if (!caller || caller.revoked || caller.expiresAt <= Date.now()) {
        throw unauthorized('The API key is unknown, has expired or was revoked.');
      }
      const { keyId } = caller;
      if (!routeAcceptsKeys(request)) throw forbidden('An API key cannot be used here.');
      const limit = app.settings.API_KEY_REQUESTS_PER_MINUTE;
      await keyRequestLeases.enforce(
        reply,
        `apikey:${keyId}`,
        limit,
        `This API key may make ${limit} requests a minute; try again after Retry-After seconds.`,
      );
      const now = Date.now();
      if (now - (keyUseNoted.get(keyId) ?? 0) >= KEY_USE_NOTE_MS) {
        if (keyUseNoted.size >= VERIFIED_TOKENS_MAX) keyUseNoted.clear();
        keyUseNoted.set(keyId, now);
        await noteApiKeyUse(app.database.kysely, caller.principal);
      }
      // A principal of its own per request: the policy marks each one as asked (CHECK_POLICY_CONSULTED).
      request.principalIfSignedIn = { ...caller.principal };
    };

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.principalIfSignedIn) return;
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw unauthorized();
      if (token.startsWith(API_KEY_PREFIX)) return authenticateApiKey(request, reply, token);
      const claims = await options.tokens.verifyAccessToken(token);
      if (!claims) throw unauthorized('The access token is invalid or has expired.');
      const load = () => loadPrincipalRecord(app.database.kysely, claims.userId, claims.sessionId);
      // Once settled, every change committed before this request arrived has emptied the cache.
      const cache = app.caches.callers;
      const record = (await cache.settle())
        ? await readUserCaller(cache, claims.userId, claims.sessionId, load)
        : await load();
      if (!record?.session || record.session.revoked) throw unauthorized('The session has ended.');
      if (record.securityStamp !== claims.securityStamp) {
        throw unauthorized('Your account has changed; sign in again.');
      }
      request.principalIfSignedIn = {
        userId: record.userId,
        email: record.email,
        sessionId: record.session.id,
        sessionType: record.session.type,
        features: record.features,
        flags: record.flags,
        accessAllSites: record.accessAllSites,
        access: record.access,
        siteNumbers: record.siteNumbers,
      };
    });

    app.decorate('signedInRoutes', (routes: FastifyInstance) => {
      routes.addHook('onRequest', routes.authenticate);
    });

    app.decorate('requireAnyFeature', (...features: FeatureName[]) => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        await app.authenticate(request, reply);
        if (!policy.holdsAnyFeature(request.principal, ...features)) throw forbidden();
      };
    });

    app.decorate('requireAllFeatures', (...features: FeatureName[]) => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        await app.authenticate(request, reply);
        if (!policy.holdsAllFeatures(request.principal, ...features)) throw forbidden();
      };
    });

    // Every signed-in answer that reads or writes data must have asked the policy module who may.
    if (options.checkPolicyConsulted) {
      app.addHook('onSend', async (request, reply, payload) => {
        const caller = request.principalIfSignedIn;
        if (caller && reply.statusCode < 300 && !policy.wasConsulted(caller)) {
          throw new Error(`${request.method} ${request.routeOptions.url} answered without asking the policy`);
        }
        return payload;
      });
    }
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Hook: any signed-in user (401 otherwise); once per request however often it is asked. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** A route group's one hook: every route of `routes` (a module's plugin) needs a signed-in caller. */
    signedInRoutes(routes: FastifyInstance): void;
    /** preHandler: a signed-in user holding at least one of these features (403 otherwise). */
    requireAnyFeature(
      ...features: FeatureName[]
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a signed-in user holding every one of these features (403 otherwise). */
    requireAllFeatures(
      ...features: FeatureName[]
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller; reading it where nobody signed in answers 401. Set by `authenticate`. */
    readonly principal: Principal;
    /** The caller when signed in, else null: for code that serves both (headers, maintenance). */
    principalIfSignedIn: Principal | null;
  }
}
