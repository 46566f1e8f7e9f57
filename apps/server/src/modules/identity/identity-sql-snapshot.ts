import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { identityQueries } from './identity-repository.js';
import { rateLimitQueries } from './rate-limit.js';

const userId = '00000000-0000-4000-8000-000000000001';
const sessionId = '00000000-0000-4000-8000-000000000002';
const q = identityQueries;

/** The identity repository's statements with sample parameters, for its committed SQL (decision 31). */
export const identitySqlSnapshot: SqlSnapshot = {
  repository: 'modules/identity/identity-repository.ts',
  queries: {
    userByEmail: (db) => q.userByEmail(db, 'Someone@Acme.example'),
    userById: (db) => q.userById(db, userId),
    unknownAddressLocked: (db) => q.unknownAddressLocked(db, 'nobody@acme.example'),
    recordUnknownAddressFailure: (db) => q.recordUnknownAddressFailure(db, 'nobody@acme.example'),
    dropOldUnknownAddressFailures: (db) => q.dropOldUnknownAddressFailures(db),
    recordFailedSignIn: (db) => q.recordFailedSignIn(db, userId),
    clearFailedSignIns: (db) => q.clearFailedSignIns(db, userId),
    setPasswordHash: (db) => q.setPasswordHash(db, userId, '$argon2id$…'),
    invitee: (db) => q.invitee(db, userId),
    markEmailConfirmed: (db) => q.markEmailConfirmed(db, userId),
    insertSession: (db) => q.insertSession(db, userId, 'identity'),
    insertRefreshToken: (db) => q.insertRefreshToken(db, sessionId, 'token-hash', 14),
    consumeRefreshToken: (db) => q.consumeRefreshToken(db, 'token-hash'),
    findRefreshToken: (db) => q.findRefreshToken(db, 'token-hash', 15),
    keepSuccessor: (db) => q.keepSuccessor(db, 'token-hash', 'successor-hash', 'sealed-answer'),
    dropOldRetryAnswers: (db) => q.dropOldRetryAnswers(db, sessionId, 15),
    liveSession: (db) => q.liveSession(db, sessionId),
    sessionOwner: (db) => q.sessionOwner(db, sessionId),
    revokeSession: (db) => q.revokeSession(db, sessionId),
    revokeUserSessions: (db) => q.revokeUserSessions(db, userId),
    revokeOtherUserSessions: (db) => q.revokeUserSessions(db, userId, sessionId),
    insertUserCode: (db) =>
      q.insertUserCode(db, { hash: 'code-hash', userId, purpose: 'reset', validHours: 24 }),
    voidResetCodes: (db) => q.voidResetCodes(db, userId),
    codeOwner: (db) => q.codeOwner(db, 'code-hash', 'confirm'),
    consumeUserCode: (db) => q.consumeUserCode(db, 'code-hash', 'confirm'),
    setTwoFactor: (db) => q.setTwoFactor(db, userId, 'SECRET', false),
    claimTotpStep: (db) => q.claimTotpStep(db, userId, 59_000_000),
    deleteRecoveryCodes: (db) => q.deleteRecoveryCodes(db, userId),
    insertRecoveryCodes: (db) => q.insertRecoveryCodes(db, userId, ['hash-1', 'hash-2']),
    useRecoveryCode: (db) => q.useRecoveryCode(db, userId, 'hash-1'),
    countUnusedRecoveryCodes: (db) => q.countUnusedRecoveryCodes(db, userId),
  },
};

/** The rate limit's statements (rate-limit.ts). */
export const rateLimitSqlSnapshot: SqlSnapshot = {
  repository: 'modules/identity/rate-limit.ts',
  queries: {
    countHits: (db) => rateLimitQueries.countHits(db, 'signin:address:127.0.0.1', 60, 1),
    dropOldCounters: (db) => rateLimitQueries.dropOldCounters(db),
  },
};
