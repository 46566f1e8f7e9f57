import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';
import { type CodePurpose, insertUserCode } from './identity-repository.js';
import { emailChangedConfirmMail, invitationMail } from './mail-templates.js';
import { randomToken, sha256 } from './secret-codes.js';

const INVITATION_VALID_HOURS = 7 * 24;

/** Makes a one-time code for a link; only its hash is stored. */
export async function createUserCode(db: Db, userId: string, purpose: CodePurpose, validHours: number) {
  const code = randomToken();
  await insertUserCode(db, { hash: sha256(code), userId, purpose, validHours });
  return code;
}

/**
 * Mails an invitation when an administrator creates an account or presses Resend, or a confirmation
 * of the new address after an e-mail change. The link confirms
 * the e-mail address and, for a user with no password yet, carries a code to choose one
 * (docs/decisions/0003-account-links.md).
 */
export async function sendInvitation(
  ctx: { db: Db; mailer: Mailer; settings: Pick<Settings, 'PUBLIC_URL'> },
  user: { id: string; email: string },
  reason: 'invited' | 'emailChanged' = 'invited',
): Promise<void> {
  const [row] = await selectRows<{ has_password: boolean }>(
    ctx.db,
    sql`select password_hash is not null as has_password from users where id = ${user.id}`,
  );
  const confirmCode = await createUserCode(ctx.db, user.id, 'confirm', INVITATION_VALID_HOURS);
  const passwordCode = row?.has_password
    ? null
    : await createUserCode(ctx.db, user.id, 'reset', INVITATION_VALID_HOURS);
  const query = new URLSearchParams({ email: user.email, code: confirmCode });
  if (passwordCode) query.set('password', passwordCode);
  const link = `${ctx.settings.PUBLIC_URL}/user/confirm?${query.toString()}`;
  const mail = reason === 'invited' ? invitationMail : emailChangedConfirmMail;
  await ctx.mailer.send(mail(user.email, link, passwordCode !== null));
}
