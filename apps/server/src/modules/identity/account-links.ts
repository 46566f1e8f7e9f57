import type { Queries } from '../../db/kysely.js';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';
import {
  type CodePurpose,
  findInvitee,
  findUserByEmail,
  insertUserCode,
  languageOfAddress,
} from './identity-repository.js';
import { addressInUseNoticeMail, emailChangedConfirmMail, invitationMail } from './mail-templates.js';
import { randomToken, sha256 } from './secret-codes.js';

const INVITATION_VALID_HOURS = 7 * 24;

/** Makes a one-time code for a link; only its hash is stored. */
export async function createUserCode(db: Queries, userId: string, purpose: CodePurpose, validHours: number) {
  const code = randomToken();
  await insertUserCode(db, { hash: sha256(code), userId, purpose, validHours });
  return code;
}

/**
 * Mails an invitation when an administrator creates an account or presses Resend, or a confirmation
 * of the new address after an email change. The link confirms
 * the email address and, for a user with no password yet, carries a code to choose one
 * (docs/decisions/0003-account-links.md).
 *
 * A shadow (an account made for an address another account holds, decision 0026) never gets a link:
 * the address's owner gets the neutral notice instead, at the same point, so the administrator's
 * answer is the same.
 */
export async function sendInvitation(
  ctx: { kysely: Queries; mailer: Mailer; settings: Pick<Settings, 'PUBLIC_URL'> },
  user: { id: string; email: string },
  reason: 'invited' | 'emailChanged' = 'invited',
): Promise<void> {
  const db = ctx.kysely;
  const row = await findInvitee(db, user.id);
  if (row?.heldElsewhere) {
    await sendAddressInUseNotice({ ...ctx, db }, user.email);
    return;
  }
  const confirmCode = await createUserCode(db, user.id, 'confirm', INVITATION_VALID_HOURS);
  const passwordCode = row?.hasPassword
    ? null
    : await createUserCode(db, user.id, 'reset', INVITATION_VALID_HOURS);
  const query = new URLSearchParams({ email: user.email, code: confirmCode });
  if (passwordCode) query.set('password', passwordCode);
  const link = `${ctx.settings.PUBLIC_URL}/user/confirm?${query.toString()}`;
  const mail = reason === 'invited' ? invitationMail : emailChangedConfirmMail;
  const language = await languageOfAddress(db, user.email);
  await ctx.mailer.send(
    inRecipientLanguage(language, (l) => mail(user.email, link, passwordCode !== null, l)),
  );
}

/**
 * Tells the owner of an address (the usable account that holds it) that someone made an account for it,
 * and that nothing changed for theirs. Nobody to tell when no usable account holds it any more.
 */
async function sendAddressInUseNotice(
  ctx: { db: Queries; mailer: Mailer; settings: Pick<Settings, 'PUBLIC_URL'> },
  email: string,
): Promise<void> {
  const owner = await findUserByEmail(ctx.db, email);
  if (!owner) return;
  const language = await languageOfAddress(ctx.db, owner.email);
  await ctx.mailer.send(
    inRecipientLanguage(language, (l) =>
      addressInUseNoticeMail(owner.email, `${ctx.settings.PUBLIC_URL}/signin`, l),
    ),
  );
}
