import {
  type ColourMode,
  colourModeSchema,
  type Language,
  LOCKOUT_MINUTES,
  LOCKOUT_THRESHOLD,
  languageSchema,
} from '@client-portal/contract';
import { type Expression, type ExpressionBuilder, expressionBuilder, sql } from 'kysely';
import type { DB, Users } from '../../db/database-types.js';
import type { Queries } from '../../db/kysely.js';
import { type MailLanguage, mailLanguageOf } from '../../plugins/bilingual-mail.js';

/** The current time, as the statement sees it (one value for the whole transaction). */
const now = sql<Date>`now()`;

/** A time `count` units from now (`make_interval` takes whole units). */
const fromNow = (unit: 'mins' | 'hours' | 'days', count: number) =>
  sql<Date>`now() + make_interval(${sql.raw(unit)} => ${count}::int)`;

/** A time `seconds` before now. */
const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds}::int)`;

/** Whether a lock-out time is still ahead: false when there is none. */
const lockedBy = (lockedUntil: Expression<Date | string | null>) =>
  sql<boolean>`coalesce(${lockedUntil} > now(), false)`;

/**
 * One more failed sign-in on a counter (an account's, or an unknown address's): at LOCKOUT_THRESHOLD
 * the counter starts again and the lock-out runs LOCKOUT_MINUTES from now; below it the lock stays.
 */
function countedFailure(failed: Expression<number>, lockedUntil: Expression<Date | string | null>) {
  const eb = expressionBuilder<DB, never>();
  const next = eb(failed, '+', 1);
  const reached = eb(next, '>=', sql<number>`${LOCKOUT_THRESHOLD}::int`);
  return {
    failed_sign_ins: eb.case().when(reached).then(0).else(next).end(),
    locked_until: eb.case().when(reached).then(fromNow('mins', LOCKOUT_MINUTES)).else(lockedUntil).end(),
  };
}

/**
 * An account that can be used: live (not removed), not deactivated (decision 46) and not a shadow,
 * i.e. not an account made for an address that another account already held (decision 0026). A shadow
 * or a deactivated account is never signed into (by password or SSO), refreshed, confirmed, reset or
 * found by its address; only a usable account is.
 */
const usable = (eb: ExpressionBuilder<DB, 'users'>) =>
  eb.and([
    eb('removed_at', 'is', null),
    eb('deactivated_at', 'is', null),
    eb.not(eb.ref('address_held_elsewhere')),
  ]);
/** The same, for a statement that names users `u`. */
const usableU = (eb: ExpressionBuilder<{ u: Users }, 'u'>) =>
  eb.and([
    eb('u.removed_at', 'is', null),
    eb('u.deactivated_at', 'is', null),
    eb.not(eb.ref('u.address_held_elsewhere')),
  ]);

export type CodePurpose = 'confirm' | 'reset';

/** The statements of this repository, built but not run: what identity-repository.sql shows. */
export const identityQueries = {
  userByEmail: (db: Queries, email: string) =>
    db
      .selectFrom('users')
      .select(userColumns)
      .where((eb) =>
        eb.and([eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])), usable(eb)]),
      ),

  userById: (db: Queries, id: string) =>
    db
      .selectFrom('users')
      .select(userColumns)
      .where((eb) => eb.and([eb('id', '=', id), usable(eb)])),

  unknownAddressLocked: (db: Queries, address: string) =>
    db
      .selectFrom('unknown_address_failures')
      .select((eb) => lockedBy(eb.ref('locked_until')).as('locked'))
      .where((eb) => eb('address', '=', eb.fn<string>('lower', [eb.val(address)]))),

  recordUnknownAddressFailure: (db: Queries, address: string) =>
    db
      .insertInto('unknown_address_failures')
      .values((eb) => ({
        address: eb.fn<string>('lower', [eb.val(address)]),
        failed_sign_ins: 1,
        locked_until: eb
          .case()
          .when(eb(eb.lit<number>(1), '>=', sql<number>`${LOCKOUT_THRESHOLD}::int`))
          .then(fromNow('mins', LOCKOUT_MINUTES))
          .end(),
      }))
      .onConflict((oc) =>
        oc.column('address').doUpdateSet((eb) => ({
          ...countedFailure(
            eb.ref('unknown_address_failures.failed_sign_ins'),
            eb.ref('unknown_address_failures.locked_until'),
          ),
          updated_at: now,
        })),
      )
      .returning((eb) => lockedBy(eb.ref('locked_until')).as('locked_now')),

  dropOldUnknownAddressFailures: (db: Queries) =>
    db.deleteFrom('unknown_address_failures').where('updated_at', '<', sql<Date>`now() - interval '1 day'`),

  recordFailedSignIn: (db: Queries, userId: string) =>
    db
      .updateTable('users')
      .set((eb) => countedFailure(eb.ref('failed_sign_ins'), eb.ref('locked_until')))
      .where('id', '=', userId)
      .returning((eb) => lockedBy(eb.ref('locked_until')).as('locked_now')),

  clearFailedSignIns: (db: Queries, userId: string) =>
    db.updateTable('users').set({ failed_sign_ins: 0, locked_until: null }).where('id', '=', userId),

  setPasswordHash: (db: Queries, userId: string, passwordHash: string) =>
    db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId),

  /** What an invitation needs to know of the account: has it a password, is it a shadow (decision 0026). */
  invitee: (db: Queries, userId: string) =>
    db
      .selectFrom('users')
      .select((eb) => [
        eb('password_hash', 'is not', null).as('has_password'),
        'address_held_elsewhere as held_elsewhere',
      ])
      .where('id', '=', userId),

  markEmailConfirmed: (db: Queries, userId: string) =>
    db.updateTable('users').set({ email_confirmed: true }).where('id', '=', userId),

  preferencesOf: (db: Queries, userId: string) =>
    db.selectFrom('users').select(['colour_mode', 'language']).where('id', '=', userId),

  setColourMode: (db: Queries, userId: string, colourMode: ColourMode) =>
    db.updateTable('users').set({ colour_mode: colourMode }).where('id', '=', userId),

  /** The language of the live account holding an address (served by users_email_any_live). */
  languageOfAddress: (db: Queries, email: string) =>
    db
      .selectFrom('users')
      .select('language')
      .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
      .where('removed_at', 'is', null)
      .orderBy('address_held_elsewhere')
      .limit(1),

  languageOfUser: (db: Queries, userId: string) =>
    db.selectFrom('users').select('language').where('id', '=', userId),

  setLanguage: (db: Queries, userId: string, language: Language) =>
    db.updateTable('users').set({ language }).where('id', '=', userId),

  insertSession: (db: Queries, userId: string, type: 'identity' | 'msal') =>
    db.insertInto('sessions').values({ user_id: userId, type }).returning('id'),

  insertRefreshToken: (db: Queries, sessionId: string, tokenHash: string, days: number) =>
    db
      .insertInto('refresh_tokens')
      .values({ token_hash: tokenHash, session_id: sessionId, expires_at: fromNow('days', days) }),

  consumeRefreshToken: (db: Queries, tokenHash: string) =>
    db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning('session_id'),

  findRefreshToken: (db: Queries, tokenHash: string, graceSeconds: number) =>
    db
      .selectFrom('refresh_tokens as t')
      .leftJoin('refresh_tokens as s', 's.token_hash', 't.successor_hash')
      .select((eb) => [
        't.session_id',
        eb('t.used_at', 'is not', null).as('used'),
        eb('t.expires_at', '<=', now).as('expired'),
        // Used within the grace window, and the token it was exchanged for is still unused.
        sql<boolean>`coalesce(${eb.ref('t.used_at')} > ${secondsAgo(graceSeconds)} and ${eb.ref('s.used_at')} is null and ${eb.ref('s.expires_at')} > now(), false)`.as(
          'retryable',
        ),
        't.retry_answer',
      ])
      .where('t.token_hash', '=', tokenHash),

  keepSuccessor: (db: Queries, tokenHash: string, successorHash: string, sealedAnswer: string) =>
    db
      .updateTable('refresh_tokens')
      .set({ successor_hash: successorHash, retry_answer: sealedAnswer })
      .where('token_hash', '=', tokenHash),

  dropOldRetryAnswers: (db: Queries, sessionId: string, graceSeconds: number) =>
    db
      .updateTable('refresh_tokens')
      .set({ retry_answer: null })
      .where('session_id', '=', sessionId)
      .where('retry_answer', 'is not', null)
      .where('used_at', '<', secondsAgo(graceSeconds)),

  liveSession: (db: Queries, sessionId: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id as sessionId',
        's.type',
        'u.id as userId',
        'u.email',
        'u.security_stamp as securityStamp',
      ])
      .where('s.id', '=', sessionId)
      .where('s.revoked_at', 'is', null)
      .where(usableU),

  sessionOwner: (db: Queries, sessionId: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.id', 'u.email'])
      .where('s.id', '=', sessionId),

  revokeSession: (db: Queries, sessionId: string) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null),

  revokeUserSessions: (db: Queries, userId: string, keepSessionId?: string) => {
    const query = db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    return keepSessionId ? query.where('id', '<>', keepSessionId) : query;
  },

  insertUserCode: (
    db: Queries,
    code: { hash: string; userId: string; purpose: CodePurpose; validHours: number },
  ) =>
    db.insertInto('user_codes').values({
      code_hash: code.hash,
      user_id: code.userId,
      purpose: code.purpose,
      expires_at: fromNow('hours', code.validHours),
    }),

  voidResetCodes: (db: Queries, userId: string) =>
    db
      .updateTable('user_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null),

  codeOwner: (db: Queries, hash: string, purpose: CodePurpose) =>
    db
      .selectFrom('user_codes as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.id', 'u.email'])
      .where('c.code_hash', '=', hash)
      .where('c.purpose', '=', purpose)
      .where('c.used_at', 'is', null)
      .where('c.expires_at', '>', now)
      .where(usableU),

  consumeUserCode: (db: Queries, hash: string, purpose: CodePurpose) =>
    db
      .updateTable('user_codes as c')
      .from('users as u')
      .set({ used_at: now })
      .where('c.code_hash', '=', hash)
      .where('c.purpose', '=', purpose)
      .where('c.used_at', 'is', null)
      .where('c.expires_at', '>', now)
      .whereRef('u.id', '=', 'c.user_id')
      .where(usableU)
      .returning(['u.id', 'u.email']),

  setTwoFactor: (db: Queries, userId: string, secret: string | null, enabled: boolean) =>
    db
      .updateTable('users')
      .set((eb) => ({
        two_factor_secret: secret,
        two_factor_enabled: enabled,
        totp_last_step: eb
          .case()
          .when('two_factor_secret', 'is distinct from', secret)
          .then(null)
          .else(eb.ref('totp_last_step'))
          .end(),
      }))
      .where('id', '=', userId),

  claimTotpStep: (db: Queries, userId: string, step: number) =>
    db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .returning('id'),

  deleteRecoveryCodes: (db: Queries, userId: string) =>
    db.deleteFrom('recovery_codes').where('user_id', '=', userId),

  insertRecoveryCodes: (db: Queries, userId: string, hashes: string[]) =>
    db.insertInto('recovery_codes').values(hashes.map((hash) => ({ user_id: userId, code_hash: hash }))),

  useRecoveryCode: (db: Queries, userId: string, hash: string) =>
    db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('recovery_codes')
          .select('id')
          .where('user_id', '=', userId)
          .where('code_hash', '=', hash)
          .where('used_at', 'is', null)
          .limit(1),
      )
      .where('used_at', 'is', null)
      .returning('id'),

  countUnusedRecoveryCodes: (db: Queries, userId: string) =>
    db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null),
};

/** A user as sign-in reads it; `locked` is computed. */
function userColumns(eb: ExpressionBuilder<DB, 'users'>) {
  return [
    'id',
    'email',
    'password_hash as passwordHash',
    'email_confirmed as emailConfirmed',
    'two_factor_secret as twoFactorSecret',
    'two_factor_enabled as twoFactorEnabled',
    lockedBy(eb.ref('locked_until')).as('locked'),
  ] as const;
}

export type IdentityUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** The usable account with this email, compared case-insensitively (one at most: a unique index). */
export async function findUserByEmail(db: Queries, email: string) {
  return (await identityQueries.userByEmail(db, email).executeTakeFirst()) ?? null;
}

export async function findUserById(db: Queries, id: string) {
  return (await identityQueries.userById(db, id).executeTakeFirst()) ?? null;
}

/** Is this address (without an account) locked out after failed sign-ins? */
export async function unknownAddressLocked(db: Queries, address: string): Promise<boolean> {
  const row = await identityQueries.unknownAddressLocked(db, address).executeTakeFirst();
  return row?.locked ?? false;
}

/**
 * Counts a failed sign-in for an address without an account exactly as `recordFailedSignIn` does for
 * an account, so that lock-out answers the same whether or not the address has an account.
 */
export async function recordUnknownAddressFailure(
  db: Queries,
  address: string,
): Promise<{ lockedNow: boolean }> {
  const row = await identityQueries.recordUnknownAddressFailure(db, address).executeTakeFirst();
  // Old rows tell nothing; dropping them now and then keeps the table small without a job.
  if (Math.random() < 0.01) {
    await identityQueries.dropOldUnknownAddressFailures(db).execute();
  }
  return { lockedNow: row?.locked_now ?? false };
}

/** Counts a failure; the LOCKOUT_THRESHOLD-th in a row locks the account and starts the count again. */
export async function recordFailedSignIn(db: Queries, userId: string): Promise<{ lockedNow: boolean }> {
  const row = await identityQueries.recordFailedSignIn(db, userId).executeTakeFirst();
  return { lockedNow: row?.locked_now ?? false };
}

export async function clearFailedSignIns(db: Queries, userId: string): Promise<void> {
  await identityQueries.clearFailedSignIns(db, userId).execute();
}

export async function setPasswordHash(db: Queries, userId: string, passwordHash: string): Promise<void> {
  await identityQueries.setPasswordHash(db, userId, passwordHash).execute();
}

export async function findInvitee(
  db: Queries,
  userId: string,
): Promise<{ hasPassword: boolean; heldElsewhere: boolean } | null> {
  const row = await identityQueries.invitee(db, userId).executeTakeFirst();
  return row ? { hasPassword: row.has_password === true, heldElsewhere: row.held_elsewhere } : null;
}

export async function markEmailConfirmed(db: Queries, userId: string): Promise<void> {
  await identityQueries.markEmailConfirmed(db, userId).execute();
}

/**
 * The colour mode (decision 38) and the language (decision 49) the user picked; each null while they
 * have not picked one.
 */
export async function readPreferencesOf(
  db: Queries,
  userId: string,
): Promise<{ colourMode: ColourMode | null; language: Language | null }> {
  const row = await identityQueries.preferencesOf(db, userId).executeTakeFirst();
  const colourMode = colourModeSchema.safeParse(row?.colour_mode);
  const language = languageSchema.safeParse(row?.language);
  return {
    colourMode: colourMode.success ? colourMode.data : null,
    language: language.success ? language.data : null,
  };
}

/**
 * The language to write to an address in (decisions 49, 53): its account's, both Welsh and English
 * when the address has no account or its user was never asked.
 */
export async function languageOfAddress(db: Queries, email: string): Promise<MailLanguage> {
  const row = await identityQueries.languageOfAddress(db, email).executeTakeFirst();
  return mailLanguageOf(row?.language);
}

/** The language to write to a user in (decision 53): theirs, both while they were never asked. */
export async function mailLanguageOfUser(db: Queries, userId: string): Promise<MailLanguage> {
  const row = await identityQueries.languageOfUser(db, userId).executeTakeFirst();
  return mailLanguageOf(row?.language);
}

/**
 * The language of a user's screens' files (decision 49; the downloads): theirs, English while they
 * were never asked.
 */
export async function languageOfUser(db: Queries, userId: string): Promise<Language> {
  const row = await identityQueries.languageOfUser(db, userId).executeTakeFirst();
  return row?.language === 'cy' ? 'cy' : 'en';
}

export async function saveLanguageOf(db: Queries, userId: string, language: Language): Promise<void> {
  await identityQueries.setLanguage(db, userId, language).execute();
}

export async function saveColourModeOf(db: Queries, userId: string, colourMode: ColourMode): Promise<void> {
  await identityQueries.setColourMode(db, userId, colourMode).execute();
}

// Sessions and refresh tokens

export async function insertSession(db: Queries, userId: string, type: 'identity' | 'msal'): Promise<string> {
  const row = await identityQueries.insertSession(db, userId, type).executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefreshToken(db: Queries, sessionId: string, tokenHash: string, days: number) {
  await identityQueries.insertRefreshToken(db, sessionId, tokenHash, days).execute();
}

/** Marks a refresh token used if it was not yet; answers its session, or null when it was not fresh. */
export async function consumeRefreshToken(db: Queries, tokenHash: string): Promise<string | null> {
  const row = await identityQueries.consumeRefreshToken(db, tokenHash).executeTakeFirst();
  return row?.session_id ?? null;
}

export async function findRefreshToken(db: Queries, tokenHash: string, graceSeconds = 0) {
  const row = await identityQueries.findRefreshToken(db, tokenHash, graceSeconds).executeTakeFirst();
  if (!row) return null;
  return {
    sessionId: row.session_id,
    used: row.used === true,
    expired: row.expired === true,
    /** Used within the last `graceSeconds`, and the token it was exchanged for is still unused. */
    retryable: row.retryable,
    retryAnswer: row.retry_answer,
  };
}

/**
 * Keeps, on a token just used, the token it was exchanged for and the sealed answer, so that a retry
 * within the grace window gets the same pair; answers older than the window are dropped on the way.
 */
export async function keepRetryAnswer(
  db: Queries,
  used: { tokenHash: string; sessionId: string },
  successorHash: string,
  sealedAnswer: string,
  graceSeconds: number,
) {
  await identityQueries.keepSuccessor(db, used.tokenHash, successorHash, sealedAnswer).execute();
  await identityQueries.dropOldRetryAnswers(db, used.sessionId, graceSeconds).execute();
}

/** The column's check constraint narrows a session's type to these. */
const sessionType = (type: string): 'identity' | 'msal' => (type === 'msal' ? 'msal' : 'identity');

/** The session with its user, only when neither is ended (revoked session, removed user or a shadow). */
export async function findLiveSession(db: Queries, sessionId: string) {
  const row = await identityQueries.liveSession(db, sessionId).executeTakeFirst();
  return row ? { ...row, type: sessionType(row.type) } : null;
}

export async function findSessionOwner(db: Queries, sessionId: string) {
  return (await identityQueries.sessionOwner(db, sessionId).executeTakeFirst()) ?? null;
}

export async function revokeSession(db: Queries, sessionId: string): Promise<void> {
  await identityQueries.revokeSession(db, sessionId).execute();
}

/** Ends every session of the user, or every one but `keepSessionId`. */
export async function revokeUserSessions(db: Queries, userId: string, keepSessionId?: string): Promise<void> {
  await identityQueries.revokeUserSessions(db, userId, keepSessionId).execute();
}

// One-time codes for links (confirm, reset)

export async function insertUserCode(
  db: Queries,
  code: { hash: string; userId: string; purpose: CodePurpose; validHours: number },
) {
  await identityQueries.insertUserCode(db, code).execute();
}

/** Voids every unused reset link of the user: a new password makes the older links worthless. */
export async function voidResetCodes(db: Queries, userId: string): Promise<void> {
  await identityQueries.voidResetCodes(db, userId).execute();
}

/** The usable user a fresh (unused, unexpired) code belongs to, or null (a shadow's code is void). */
export async function findCodeOwner(db: Queries, hash: string, purpose: CodePurpose) {
  return (await identityQueries.codeOwner(db, hash, purpose).executeTakeFirst()) ?? null;
}

/** Uses a fresh code once: only one of two concurrent calls gets its owner back. */
export async function consumeUserCode(db: Queries, hash: string, purpose: CodePurpose) {
  return (await identityQueries.consumeUserCode(db, hash, purpose).executeTakeFirst()) ?? null;
}

// Two-factor

export async function setTwoFactor(db: Queries, userId: string, secret: string | null, enabled: boolean) {
  await identityQueries.setTwoFactor(db, userId, secret, enabled).execute();
}

/**
 * Records a TOTP time step as used when it is later than the last one used: true once per step, so a
 * code (or an older one still within the drift window) never signs in twice.
 */
export async function claimTotpStep(db: Queries, userId: string, step: number): Promise<boolean> {
  const rows = await identityQueries.claimTotpStep(db, userId, step).execute();
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Queries, userId: string, hashes: string[]): Promise<void> {
  await identityQueries.deleteRecoveryCodes(db, userId).execute();
  if (hashes.length === 0) return;
  await identityQueries.insertRecoveryCodes(db, userId, hashes).execute();
}

export async function useRecoveryCode(db: Queries, userId: string, hash: string): Promise<boolean> {
  const rows = await identityQueries.useRecoveryCode(db, userId, hash).execute();
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Queries, userId: string): Promise<number> {
  const row = await identityQueries.countUnusedRecoveryCodes(db, userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}
