import { RECOVERY_CODE_COUNT, TWO_FACTOR_CODE_WRONG } from '@client-portal/contract';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import { badRequest, conflict, FieldErrors, forbidden } from '../../plugins/problem.js';
import type { Principal } from '../access/index.js';
import { auditSelf } from './identity-audit.js';
import type { IdentityContext } from './identity-context.js';
import {
  claimTotpStep,
  countUnusedRecoveryCodes,
  findUserById,
  type IdentityUser,
  languageOfAddress,
  replaceRecoveryCodes,
  setTwoFactor,
  useRecoveryCode,
} from './identity-repository.js';
import { twoFactorChangedMail } from './mail-templates.js';
import { normalizeRecoveryCode, randomRecoveryCode, sha256 } from './secret-codes.js';
import { isTotpCode, TOTP_ISSUER, totp, totpStep } from './totp.js';

/** Two-factor guards password sign-in, so only password sessions manage it. */
async function passwordUser(ctx: IdentityContext, principal: Principal): Promise<IdentityUser> {
  if (principal.sessionType !== 'identity') {
    throw forbidden(
      'Two-factor sign-in applies to password sign-in; single sign-on accounts cannot change it.',
    );
  }
  const user = await findUserById(ctx.kysely, principal.userId);
  if (!user) throw forbidden();
  return user;
}

const wrongCode = () => new FieldErrors().add('code', TWO_FACTOR_CODE_WRONG).throwIfAny();

export async function twoFactorStatus(ctx: IdentityContext, principal: Principal) {
  const user = await findUserById(ctx.kysely, principal.userId);
  const enabled = user?.twoFactorEnabled ?? false;
  return {
    enabled,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(ctx.kysely, principal.userId) : 0,
  };
}

/** Starts enrolment: a new secret is kept, not yet in force, until a code made from it is confirmed. */
export async function startTwoFactorSetup(ctx: IdentityContext, principal: Principal) {
  const user = await passwordUser(ctx, principal);
  if (user.twoFactorEnabled) throw conflict('Two-factor sign-in is already on.');
  const secret = totp.generateSecret();
  await setTwoFactor(ctx.kysely, user.id, secret, false);
  return { secret, otpauthUri: totp.keyuri(user.email, TOTP_ISSUER, secret) };
}

/** Puts two-factor in force and answers the recovery codes, which are never shown again. */
export async function enableTwoFactor(ctx: IdentityContext, principal: Principal, code: string) {
  const user = await passwordUser(ctx, principal);
  if (user.twoFactorEnabled) throw conflict('Two-factor sign-in is already on.');
  if (!user.twoFactorSecret) throw badRequest('Start two-factor setup first.');
  const step = totpStep(code, user.twoFactorSecret);
  if (step === null || !(await claimTotpStep(ctx.kysely, user.id, step))) wrongCode();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, randomRecoveryCode);
  await ctx.kysely.transaction().execute(async (q) => {
    await setTwoFactor(q, user.id, user.twoFactorSecret, true);
    await replaceRecoveryCodes(
      q,
      user.id,
      recoveryCodes.map((c) => sha256(normalizeRecoveryCode(c))),
    );
    await auditSelf(q, user, 'twoFactorOn');
  });
  await ctx.mailer.send(
    inRecipientLanguage(await languageOfAddress(ctx.kysely, user.email), (language) =>
      twoFactorChangedMail(user.email, true, `${ctx.settings.PUBLIC_URL}/account`, language),
    ),
  );
  return { recoveryCodes };
}

/** Turns two-factor off with a current code or an unused recovery code. */
export async function disableTwoFactor(ctx: IdentityContext, principal: Principal, code: string) {
  const user = await passwordUser(ctx, principal);
  if (!user.twoFactorEnabled) throw conflict('Two-factor sign-in is already off.');
  const step = isTotpCode(code) ? totpStep(code, user.twoFactorSecret ?? '') : null;
  const ok = isTotpCode(code)
    ? step !== null && (await claimTotpStep(ctx.kysely, user.id, step))
    : await useRecoveryCode(ctx.kysely, user.id, sha256(normalizeRecoveryCode(code)));
  if (!ok) wrongCode();
  await ctx.kysely.transaction().execute(async (q) => {
    await setTwoFactor(q, user.id, null, false);
    await replaceRecoveryCodes(q, user.id, []);
    await auditSelf(q, user, 'twoFactorOff');
  });
  await ctx.mailer.send(
    inRecipientLanguage(await languageOfAddress(ctx.kysely, user.email), (language) =>
      twoFactorChangedMail(user.email, false, `${ctx.settings.PUBLIC_URL}/account`, language),
    ),
  );
}
