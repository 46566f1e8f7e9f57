import {
  type LoginRequest,
  type SignInFailureDetail,
  type Tokens,
  WRONG_CODE_MESSAGE,
} from '@client-portal/contract';
import { ProblemError } from '../../plugins/problem.js';
import { auditSelf } from './identity-audit.js';
import type { IdentityContext } from './identity-context.js';
import {
  claimTotpStep,
  clearFailedSignIns,
  findUserByEmail,
  type IdentityUser,
  recordFailedSignIn,
  recordUnknownAddressFailure,
  unknownAddressLocked,
  useRecoveryCode,
} from './identity-repository.js';
import { verifyPassword } from './password-hashing.js';
import { normalizeRecoveryCode, sha256 } from './secret-codes.js';
import { startSession } from './sessions-service.js';
import { isTotpCode, totpStep } from './totp.js';

/** Every refused sign-in is a 401 whose `detail` names the reason, as ASP.NET Core Identity answers. */
function signInRefused(detail: SignInFailureDetail): ProblemError {
  return new ProblemError(401, 'Unauthorized', detail);
}

async function checkSecondFactor(ctx: IdentityContext, user: IdentityUser, code: string) {
  if (isTotpCode(code)) {
    const step = user.twoFactorSecret ? totpStep(code, user.twoFactorSecret) : null;
    return { ok: step !== null && (await claimTotpStep(ctx.kysely, user.id, step)) };
  }
  const recovery = normalizeRecoveryCode(code);
  if (recovery.length !== 10) return { ok: false };
  return { ok: await useRecoveryCode(ctx.kysely, user.id, sha256(recovery)), recovery: true };
}

async function fail(ctx: IdentityContext, user: IdentityUser, event: 'wrongPassword' | 'wrongCode') {
  const { lockedNow } = await recordFailedSignIn(ctx.kysely, user.id);
  await auditSelf(ctx.kysely, user, event, false);
  if (lockedNow) {
    await auditSelf(ctx.kysely, user, 'lockedOut', false);
    return signInRefused('LockedOut');
  }
  return signInRefused('Failed');
}

/** An address without an account fails, and locks out, exactly as an account with a wrong password. */
async function failUnknown(ctx: IdentityContext, email: string): Promise<ProblemError> {
  if (await unknownAddressLocked(ctx.kysely, email)) return signInRefused('LockedOut');
  const { lockedNow } = await recordUnknownAddressFailure(ctx.kysely, email);
  return signInRefused(lockedNow ? 'LockedOut' : 'Failed');
}

/**
 * Password sign-in. The password is always checked with argon2 (against a throwaway hash when there is
 * no such account), so an unknown email and a wrong password take as long and answer the same,
 * lock-out included.
 */
export async function signInWithPassword(ctx: IdentityContext, body: LoginRequest): Promise<Tokens> {
  const user = await findUserByEmail(ctx.kysely, body.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user) throw await failUnknown(ctx, body.email);
  if (user.locked) {
    await auditSelf(ctx.kysely, user, 'whileLocked', false);
    throw signInRefused('LockedOut');
  }
  if (!passwordOk) throw await fail(ctx, user, 'wrongPassword');
  if (!user.emailConfirmed) {
    await auditSelf(ctx.kysely, user, 'unconfirmed', false);
    throw signInRefused('NotAllowed');
  }
  let usedRecoveryCode = false;
  if (user.twoFactorEnabled) {
    if (!body.code) throw signInRefused('RequiresTwoFactor');
    const second = await checkSecondFactor(ctx, user, body.code);
    if (!second.ok) {
      const refusal = await fail(ctx, user, 'wrongCode');
      // Unless that locked the account, the user stays on the code step and is told the code was wrong.
      if (refusal.detail === 'LockedOut') throw refusal;
      throw new ProblemError(401, 'Unauthorized', 'RequiresTwoFactor', { code: [WRONG_CODE_MESSAGE] });
    }
    usedRecoveryCode = second.recovery === true;
  }
  await clearFailedSignIns(ctx.kysely, user.id);
  await auditSelf(ctx.kysely, user, usedRecoveryCode ? 'signedInRecoveryCode' : 'signedInPassword');
  return startSession(ctx, user.id, 'identity');
}
