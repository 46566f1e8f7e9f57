import type { Tokens } from '@client-portal/contract';
import type { Db } from '../../db/client.js';
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
  revokeSession,
} from './identity-repository.js';
import { randomToken, sha256 } from './secret-codes.js';

interface SessionDeps {
  db: Db;
  tokens: TokenService;
  settings: Pick<Settings, 'REFRESH_TOKEN_DAYS'>;
}

async function securityStampOf(db: Db, sessionId: string) {
  const session = await findLiveSession(db, sessionId);
  if (!session) throw new Error('A session just made is gone');
  return session.securityStamp;
}

async function issueTokens(
  deps: SessionDeps,
  userId: string,
  sessionId: string,
  stamp: number,
): Promise<Tokens> {
  const refreshToken = randomToken();
  await insertRefreshToken(deps.db, sessionId, sha256(refreshToken), deps.settings.REFRESH_TOKEN_DAYS);
  const access = await deps.tokens.issueAccessToken({ userId, sessionId, securityStamp: stamp });
  return { accessToken: access.token, refreshToken, expiresIn: access.expiresIn };
}

/** Starts a session (a row, a refresh token, an access token) for a user who has just proved who they are. */
export async function startSession(
  deps: SessionDeps,
  userId: string,
  type: 'identity' | 'msal',
): Promise<Tokens> {
  return deps.db.transaction(async (tx) => {
    const sessionId = await insertSession(tx, userId, type);
    const stamp = await securityStampOf(tx, sessionId);
    return issueTokens({ ...deps, db: tx }, userId, sessionId, stamp);
  });
}

const refreshRefused = () => unauthorized('The refresh token is invalid, expired or already used.');

/**
 * Rotates a refresh token. A token that was already used means a copy is in someone else's hands:
 * the whole session ends, so the thief's fresh token dies with the owner's.
 */
export async function refreshSession(deps: SessionDeps, refreshToken: string): Promise<Tokens> {
  const hash = sha256(refreshToken);
  const sessionId = await consumeRefreshToken(deps.db, hash);
  if (!sessionId) {
    const known = await findRefreshToken(deps.db, hash);
    if (known?.used) {
      const owner = await findSessionOwner(deps.db, known.sessionId);
      await revokeSession(deps.db, known.sessionId);
      if (owner) await auditSelf(deps.db, owner, 'refreshReused', false);
    }
    throw refreshRefused();
  }
  const [state, session] = await Promise.all([
    findRefreshToken(deps.db, hash),
    findLiveSession(deps.db, sessionId),
  ]);
  if (!session || !state || state.expired) throw refreshRefused();
  return issueTokens(deps, session.userId, session.sessionId, session.securityStamp);
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}

/** Ends the session a refresh token belongs to (sign-out without a valid access token). */
export async function endSessionOfRefreshToken(db: Db, refreshToken: string): Promise<void> {
  const known = await findRefreshToken(db, sha256(refreshToken));
  if (known) await revokeSession(db, known.sessionId);
}
