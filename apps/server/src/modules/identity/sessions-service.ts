import { type Tokens, tokensSchema } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import type { TokenService } from '../../plugins/auth.js';
import { unauthorized } from '../../plugins/problem.js';
import type { Settings } from '../../settings.js';
import { auditSelf } from './identity-audit.js';
import {
  consumeRefreshToken,
  findLiveSession,
  findRefreshToken,
  findSessionOwner,
  insertRefreshToken,
  insertSession,
  keepRetryAnswer,
  revokeSession,
} from './identity-repository.js';
import { randomToken, sha256 } from './secret-codes.js';

interface SessionDeps {
  kysely: Queries;
  tokens: TokenService;
  settings: Pick<Settings, 'REFRESH_TOKEN_DAYS'>;
}

async function securityStampOf(db: Queries, sessionId: string) {
  const session = await findLiveSession(db, sessionId);
  if (!session) throw new Error('A session just made is gone');
  return session.securityStamp;
}

async function issueTokens(
  deps: Pick<SessionDeps, 'tokens' | 'settings'>,
  db: Queries,
  userId: string,
  sessionId: string,
  stamp: number,
): Promise<Tokens & { refreshTokenHash: string }> {
  const refreshToken = randomToken();
  const refreshTokenHash = sha256(refreshToken);
  await insertRefreshToken(db, sessionId, refreshTokenHash, deps.settings.REFRESH_TOKEN_DAYS);
  const access = await deps.tokens.issueAccessToken({ userId, sessionId, securityStamp: stamp });
  return { accessToken: access.token, refreshToken, expiresIn: access.expiresIn, refreshTokenHash };
}

/** Starts a session (a row, a refresh token, an access token) for a user who has just proved who they are. */
export async function startSession(
  deps: SessionDeps,
  userId: string,
  type: 'identity' | 'msal',
): Promise<Tokens> {
  return deps.kysely.transaction().execute(async (tx) => {
    const sessionId = await insertSession(tx, userId, type);
    const stamp = await securityStampOf(tx, sessionId);
    const { refreshTokenHash: _, ...tokens } = await issueTokens(deps, tx, userId, sessionId, stamp);
    return tokens;
  });
}

const refreshRefused = () => unauthorized('The refresh token is invalid, expired or already used.');

/**
 * How long a refresh token just used may be presented again and get the same new pair: two browser
 * tabs refreshing at once, or an answer lost on the way (docs/decisions: refresh grace window).
 */
const REFRESH_RETRY_GRACE_SECONDS = 15;

const tokensOf = (json: string | null): Tokens | null => {
  if (json === null) return null;
  const parsed = tokensSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
};

/**
 * Rotates a refresh token. A retry of the exchange just made (within the grace window, while the new
 * token is still unused) answers the same new pair. Any other use of a used token means a copy is in
 * someone else's hands: the whole session ends, so the thief's fresh token dies with the owner's.
 */
export async function refreshSession(deps: SessionDeps, refreshToken: string): Promise<Tokens> {
  const hash = sha256(refreshToken);
  const fresh = await deps.kysely.transaction().execute(async (tx) => {
    // The row lock taken here makes a concurrent retry wait until this answer is kept.
    const sessionId = await consumeRefreshToken(tx, hash);
    if (!sessionId) return null;
    const [state, session] = await Promise.all([findRefreshToken(tx, hash), findLiveSession(tx, sessionId)]);
    if (!session || !state || state.expired) return 'refused' as const;
    const { refreshTokenHash, ...tokens } = await issueTokens(
      deps,
      tx,
      session.userId,
      session.sessionId,
      session.securityStamp,
    );
    const sealed = deps.tokens.seal(JSON.stringify(tokens));
    await keepRetryAnswer(
      tx,
      { tokenHash: hash, sessionId },
      refreshTokenHash,
      sealed,
      REFRESH_RETRY_GRACE_SECONDS,
    );
    return tokens;
  });
  if (fresh === 'refused') throw refreshRefused();
  if (fresh) return fresh;

  const known = await findRefreshToken(deps.kysely, hash, REFRESH_RETRY_GRACE_SECONDS);
  if (known?.used) {
    const retried = known.retryable
      ? tokensOf(known.retryAnswer && deps.tokens.unseal(known.retryAnswer))
      : null;
    if (retried && (await findLiveSession(deps.kysely, known.sessionId))) return retried;
    const owner = await findSessionOwner(deps.kysely, known.sessionId);
    await revokeSession(deps.kysely, known.sessionId);
    if (owner) await auditSelf(deps.kysely, owner, 'refreshReused', false);
  }
  throw refreshRefused();
}

export async function endSession(db: Queries, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}

/** Ends the session a refresh token belongs to (sign-out without a valid access token). */
export async function endSessionOfRefreshToken(db: Queries, refreshToken: string): Promise<void> {
  const known = await findRefreshToken(db, sha256(refreshToken));
  if (known) await revokeSession(db, known.sessionId);
}
