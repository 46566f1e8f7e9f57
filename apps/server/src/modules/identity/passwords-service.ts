import {
  CHANGE_PASSWORDS_DIFFER,
  OLD_PASSWORD_WRONG,
  RESET_CODE_HOURS,
  RESET_PASSWORDS_DIFFER,
} from '@client-portal/contract';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import { badRequest, FieldErrors, forbidden, notFound } from '../../plugins/problem.js';
import type { Principal } from '../access/index.js';
import { createUserCode } from './account-links.js';
import { auditSelf } from './identity-audit.js';
import type { IdentityContext } from './identity-context.js';
import {
  clearFailedSignIns,
  consumeUserCode,
  findCodeOwner,
  findUserByEmail,
  findUserById,
  languageOfAddress,
  markEmailConfirmed,
  revokeUserSessions,
  setPasswordHash,
  voidResetCodes,
} from './identity-repository.js';
import { passwordChangedMail, resetLinkMail } from './mail-templates.js';
import { hashPassword, verifyPassword } from './password-hashing.js';
import { sha256 } from './secret-codes.js';

const confirmFailed = () =>
  badRequest('The email address could not be confirmed. The link may have expired or was already used.');

/** Confirms an email address with the code from an invitation link (and the link's email, if sent). */
export async function confirmEmail(ctx: IdentityContext, code: string, email?: string): Promise<void> {
  const hash = sha256(code);
  const owner = await findCodeOwner(ctx.kysely, hash, 'confirm');
  if (!owner || (email && owner.email.toLowerCase() !== email.trim().toLowerCase())) throw confirmFailed();
  await ctx.kysely.transaction().execute(async (q) => {
    const used = await consumeUserCode(q, hash, 'confirm');
    if (!used) throw confirmFailed();
    await markEmailConfirmed(q, used.id);
    await auditSelf(q, used, 'emailConfirmed');
  });
}

/**
 * Mails a reset link when the email belongs to a live account. The caller answers before this runs,
 * so the answer and its timing are the same whether or not the account exists.
 */
export async function sendResetLink(ctx: IdentityContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.kysely, email);
  if (!user) return;
  const code = await createUserCode(ctx.kysely, user.id, 'reset', RESET_CODE_HOURS);
  const link = `${ctx.settings.PUBLIC_URL}/reset-password/confirm?password=${encodeURIComponent(code)}`;
  await ctx.mailer.send(
    inRecipientLanguage(await languageOfAddress(ctx.kysely, user.email), (language) =>
      resetLinkMail(user.email, link, language),
    ),
  );
}

export async function checkResetCode(ctx: IdentityContext, code: string): Promise<void> {
  if (!(await findCodeOwner(ctx.kysely, sha256(code), 'reset'))) throw resetNotFound();
}

const resetNotFound = () => notFound('The reset password request was not found. The link may have expired.');

/**
 * Sets a new password with a reset code (from a reset link or an invitation). The link proved the
 * mailbox, so the address counts as confirmed and any lock-out ends; every session of the user and
 * every other reset link ends.
 */
export async function resetPassword(
  ctx: IdentityContext,
  code: string,
  body: { password: string; confirmPassword?: string },
): Promise<void> {
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
    new FieldErrors().add('confirmPassword', RESET_PASSWORDS_DIFFER).throwIfAny();
  }
  const hash = sha256(code);
  if (!(await findCodeOwner(ctx.kysely, hash, 'reset'))) throw resetNotFound();
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.kysely.transaction().execute(async (q) => {
    const owner = await consumeUserCode(q, hash, 'reset');
    if (!owner) throw resetNotFound();
    await setPasswordHash(q, owner.id, passwordHash);
    await markEmailConfirmed(q, owner.id);
    await clearFailedSignIns(q, owner.id);
    await revokeUserSessions(q, owner.id);
    await voidResetCodes(q, owner.id);
    await auditSelf(q, owner, 'passwordReset', false);
    return owner;
  });
  await ctx.mailer.send(
    inRecipientLanguage(await languageOfAddress(ctx.kysely, user.email), (language) =>
      passwordChangedMail(user.email, 'reset', `${ctx.settings.PUBLIC_URL}/signin`, language),
    ),
  );
}

/**
 * Changes the caller's password (password sessions only), signs out their other sessions and voids
 * every outstanding reset link.
 */
export async function changePassword(
  ctx: IdentityContext,
  principal: Principal,
  body: { oldPassword: string; newPassword: string; confirmPassword?: string },
): Promise<void> {
  if (principal.sessionType !== 'identity') {
    throw forbidden('Single sign-on accounts change their password with their identity provider.');
  }
  const errors = new FieldErrors();
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.newPassword) {
    errors.add('confirmPassword', CHANGE_PASSWORDS_DIFFER);
  }
  errors.throwIfAny();
  const user = await findUserById(ctx.kysely, principal.userId);
  if (!user) throw forbidden();
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    errors.add('oldPassword', OLD_PASSWORD_WRONG).throwIfAny();
  }
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.kysely.transaction().execute(async (q) => {
    await setPasswordHash(q, user.id, passwordHash);
    await revokeUserSessions(q, user.id, principal.sessionId);
    await voidResetCodes(q, user.id);
    await auditSelf(q, user, 'passwordChanged');
  });
  await ctx.mailer.send(
    inRecipientLanguage(await languageOfAddress(ctx.kysely, user.email), (language) =>
      passwordChangedMail(user.email, 'changed', `${ctx.settings.PUBLIC_URL}/signin`, language),
    ),
  );
}
