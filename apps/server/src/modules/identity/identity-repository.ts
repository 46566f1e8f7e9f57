import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { recoveryCodes, refreshTokens, sessions, users } from '../../db/schema.js';

type StoredUser = RowOf<typeof users>;

/** A user as sign-in reads it: columns typed from schema.ts; `locked` is computed. */
export interface IdentityUser {
  id: StoredUser['id'];
  email: StoredUser['email'];
  passwordHash: StoredUser['password_hash'];
  emailConfirmed: StoredUser['email_confirmed'];
  twoFactorSecret: StoredUser['two_factor_secret'];
  twoFactorEnabled: StoredUser['two_factor_enabled'];
  locked: boolean;
}

const userColumns = sql`id, email, password_hash as "passwordHash", email_confirmed as "emailConfirmed",
  two_factor_secret as "twoFactorSecret", two_factor_enabled as "twoFactorEnabled",
  coalesce(locked_until > now(), false) as locked`;

/**
 * An account that can be used: live (not removed) and not a shadow, i.e. not an account made for an
 * address that another account already held (decision 0026). A shadow is never signed into, confirmed,
 * reset or found by its address; only the address's owner is.
 */
const usable = sql`removed_at is null and not address_held_elsewhere`;
/** The same, for a statement that names users `u`. */
const usableU = sql`u.removed_at is null and not u.address_held_elsewhere`;

/** The usable account with this e-mail, compared case-insensitively (one at most: a unique index). */
export async function findUserByEmail(db: Db, email: string): Promise<IdentityUser | null> {
  const [user] = await selectRows<IdentityUser>(
    db,
    sql`select ${userColumns} from users where lower(email) = lower(${email}) and ${usable}`,
  );
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<IdentityUser | null> {
  const [user] = await selectRows<IdentityUser>(
    db,
    sql`select ${userColumns} from users where id = ${id} and ${usable}`,
  );
  return user ?? null;
}

/** Is this address (without an account) locked out after failed sign-ins? */
export async function unknownAddressLocked(db: Db, address: string): Promise<boolean> {
  const [row] = await selectRows<{ locked: boolean }>(
    db,
    sql`select coalesce(locked_until > now(), false) as locked from unknown_address_failures
        where address = lower(${address})`,
  );
  return row?.locked ?? false;
}

/**
 * Counts a failed sign-in for an address without an account exactly as `recordFailedSignIn` does for
 * an account, so that lock-out answers the same whether or not the address has an account.
 */
export async function recordUnknownAddressFailure(db: Db, address: string): Promise<{ lockedNow: boolean }> {
  const [row] = await selectRows<{ locked_now: boolean }>(
    db,
    sql`insert into unknown_address_failures as f (address, failed_sign_ins, locked_until)
        values (lower(${address}), 1, case when 1 >= ${LOCKOUT_THRESHOLD}::int
                                           then now() + make_interval(mins => ${LOCKOUT_MINUTES}::int) end)
        on conflict (address) do update set
          failed_sign_ins = case when f.failed_sign_ins + 1 >= ${LOCKOUT_THRESHOLD}::int then 0
                                 else f.failed_sign_ins + 1 end,
          locked_until = case when f.failed_sign_ins + 1 >= ${LOCKOUT_THRESHOLD}::int
                              then now() + make_interval(mins => ${LOCKOUT_MINUTES}::int) else f.locked_until end,
          updated_at = now()
        returning coalesce(locked_until > now(), false) as locked_now`,
  );
  // Old rows tell nothing; dropping them now and then keeps the table small without a job.
  if (Math.random() < 0.01) {
    await db.execute(sql`delete from unknown_address_failures where updated_at < now() - interval '1 day'`);
  }
  return { lockedNow: row?.locked_now ?? false };
}

/** Counts a failure; the LOCKOUT_THRESHOLD-th in a row locks the account and starts the count again. */
export async function recordFailedSignIn(db: Db, userId: string): Promise<{ lockedNow: boolean }> {
  const [row] = await selectRows<{ locked_now: boolean }>(
    db,
    sql`update users set
          failed_sign_ins = case when failed_sign_ins + 1 >= ${LOCKOUT_THRESHOLD}::int then 0
                                 else failed_sign_ins + 1 end,
          locked_until = case when failed_sign_ins + 1 >= ${LOCKOUT_THRESHOLD}::int
                              then now() + make_interval(mins => ${LOCKOUT_MINUTES}::int) else locked_until end
        where id = ${userId}
        returning coalesce(locked_until > now(), false) as locked_now`,
  );
  return { lockedNow: row?.locked_now ?? false };
}

export async function clearFailedSignIns(db: Db, userId: string): Promise<void> {
  await db.execute(sql`update users set failed_sign_ins = 0, locked_until = null where id = ${userId}`);
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.execute(sql`update users set password_hash = ${passwordHash} where id = ${userId}`);
}

export async function markEmailConfirmed(db: Db, userId: string): Promise<void> {
  await db.execute(sql`update users set email_confirmed = true where id = ${userId}`);
}

// Sessions and refresh tokens

export async function insertSession(db: Db, userId: string, type: 'identity' | 'msal'): Promise<string> {
  const [row] = await selectRows<Pick<RowOf<typeof sessions>, 'id'>>(
    db,
    sql`insert into sessions (user_id, type) values (${userId}, ${type}) returning id`,
  );
  return row!.id;
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string, days: number) {
  await db.execute(
    sql`insert into refresh_tokens (token_hash, session_id, expires_at)
        values (${tokenHash}, ${sessionId}, now() + make_interval(days => ${days}::int))`,
  );
}

/** Marks a refresh token used if it was not yet; answers its session, or null when it was not fresh. */
export async function consumeRefreshToken(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await selectRows<Pick<RowOf<typeof refreshTokens>, 'session_id'>>(
    db,
    sql`update refresh_tokens set used_at = now() where token_hash = ${tokenHash} and used_at is null
        returning session_id`,
  );
  return row?.session_id ?? null;
}

interface RefreshTokenState {
  sessionId: RowOf<typeof refreshTokens>['session_id'];
  used: boolean;
  expired: boolean;
  /** Used within the last `graceSeconds`, and the token it was exchanged for is still unused. */
  retryable: boolean;
  retryAnswer: RowOf<typeof refreshTokens>['retry_answer'];
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
  graceSeconds = 0,
): Promise<RefreshTokenState | null> {
  const [row] = await selectRows<RefreshTokenState>(
    db,
    sql`select t.session_id as "sessionId", t.used_at is not null as used, t.expires_at <= now() as expired,
          coalesce(t.used_at > now() - make_interval(secs => ${graceSeconds}::int)
                   and s.used_at is null and s.expires_at > now(), false) as retryable,
          t.retry_answer as "retryAnswer"
        from refresh_tokens t left join refresh_tokens s on s.token_hash = t.successor_hash
        where t.token_hash = ${tokenHash}`,
  );
  return row ?? null;
}

/**
 * Keeps, on a token just used, the token it was exchanged for and the sealed answer, so that a retry
 * within the grace window gets the same pair; answers older than the window are dropped on the way.
 */
export async function keepRetryAnswer(
  db: Db,
  used: { tokenHash: string; sessionId: string },
  successorHash: string,
  sealedAnswer: string,
  graceSeconds: number,
) {
  await db.execute(
    sql`update refresh_tokens set successor_hash = ${successorHash}, retry_answer = ${sealedAnswer}
        where token_hash = ${used.tokenHash}`,
  );
  await db.execute(
    sql`update refresh_tokens set retry_answer = null
        where session_id = ${used.sessionId} and retry_answer is not null
          and used_at < now() - make_interval(secs => ${graceSeconds}::int)`,
  );
}

interface LiveSession {
  sessionId: RowOf<typeof sessions>['id'];
  /** The column's check constraint narrows it to these. */
  type: 'identity' | 'msal';
  userId: StoredUser['id'];
  email: StoredUser['email'];
  securityStamp: StoredUser['security_stamp'];
}

/** The session with its user, only when neither is ended (revoked session, removed user or a shadow). */
export async function findLiveSession(db: Db, sessionId: string): Promise<LiveSession | null> {
  const [row] = await selectRows<LiveSession>(
    db,
    sql`select s.id as "sessionId", s.type, u.id as "userId", u.email, u.security_stamp as "securityStamp"
        from sessions s join users u on u.id = s.user_id
        where s.id = ${sessionId} and s.revoked_at is null and ${usableU}`,
  );
  return row ?? null;
}

export async function findSessionOwner(db: Db, sessionId: string) {
  const [row] = await selectRows<Pick<StoredUser, 'id' | 'email'>>(
    db,
    sql`select u.id, u.email from sessions s join users u on u.id = s.user_id where s.id = ${sessionId}`,
  );
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.execute(
    sql`update sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`,
  );
}

/** Ends every session of the user, or every one but `keepSessionId`. */
export async function revokeUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  const keep = keepSessionId ? sql`and id <> ${keepSessionId}` : sql``;
  await db.execute(
    sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null ${keep}`,
  );
}

// One-time codes for links (confirm, reset)

export type CodePurpose = 'confirm' | 'reset';

export async function insertUserCode(
  db: Db,
  code: { hash: string; userId: string; purpose: CodePurpose; validHours: number },
) {
  await db.execute(
    sql`insert into user_codes (code_hash, user_id, purpose, expires_at)
        values (${code.hash}, ${code.userId}, ${code.purpose}, now() + make_interval(hours => ${code.validHours}::int))`,
  );
}

/** Voids every unused reset link of the user: a new password makes the older links worthless. */
export async function voidResetCodes(db: Db, userId: string): Promise<void> {
  await db.execute(
    sql`update user_codes set used_at = now() where user_id = ${userId} and purpose = 'reset' and used_at is null`,
  );
}

/** The usable user a fresh (unused, unexpired) code belongs to, or null (a shadow's code is void). */
export async function findCodeOwner(db: Db, hash: string, purpose: CodePurpose) {
  const [row] = await selectRows<Pick<StoredUser, 'id' | 'email'>>(
    db,
    sql`select u.id, u.email from user_codes c join users u on u.id = c.user_id
        where c.code_hash = ${hash} and c.purpose = ${purpose} and c.used_at is null and c.expires_at > now()
          and ${usableU}`,
  );
  return row ?? null;
}

/** Uses a fresh code once: only one of two concurrent calls gets its owner back. */
export async function consumeUserCode(db: Db, hash: string, purpose: CodePurpose) {
  const [row] = await selectRows<Pick<StoredUser, 'id' | 'email'>>(
    db,
    sql`update user_codes c set used_at = now() from users u
        where c.code_hash = ${hash} and c.purpose = ${purpose} and c.used_at is null and c.expires_at > now()
          and u.id = c.user_id and ${usableU}
        returning u.id, u.email`,
  );
  return row ?? null;
}

// Two-factor

export async function setTwoFactor(db: Db, userId: string, secret: string | null, enabled: boolean) {
  await db.execute(
    sql`update users set two_factor_secret = ${secret}, two_factor_enabled = ${enabled},
          totp_last_step = case when two_factor_secret is distinct from ${secret} then null else totp_last_step end
        where id = ${userId}`,
  );
}

/**
 * Records a TOTP time step as used when it is later than the last one used: true once per step, so a
 * code (or an older one still within the drift window) never signs in twice.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await selectRows<Pick<StoredUser, 'id'>>(
    db,
    sql`update users set totp_last_step = ${step}
        where id = ${userId} and (totp_last_step is null or totp_last_step < ${step}) returning id`,
  );
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.execute(sql`delete from recovery_codes where user_id = ${userId}`);
  if (hashes.length === 0) return;
  await db.execute(
    sql`insert into recovery_codes (user_id, code_hash) values ${sql.join(
      hashes.map((h) => sql`(${userId}, ${h})`),
      sql`, `,
    )}`,
  );
}

export async function useRecoveryCode(db: Db, userId: string, hash: string): Promise<boolean> {
  const rows = await selectRows<Pick<RowOf<typeof recoveryCodes>, 'id'>>(
    db,
    sql`update recovery_codes set used_at = now()
        where id = (select id from recovery_codes where user_id = ${userId} and code_hash = ${hash}
                    and used_at is null limit 1)
          and used_at is null
        returning id`,
  );
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from recovery_codes where user_id = ${userId} and used_at is null`,
  );
  return Number(row?.n ?? 0);
}
