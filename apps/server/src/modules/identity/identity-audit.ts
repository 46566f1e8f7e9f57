import type { Queries } from '../../db/kysely.js';
import { recordAudit } from '../audit/index.js';

/** The identity events of the audit history, each with the readable description users see. */
const identityEvents = {
  signedInPassword: { type: 'SignedIn', description: 'Signed in with a password' },
  signedInRecoveryCode: { type: 'SignedIn', description: 'Signed in with a password and a recovery code' },
  signedInSso: { type: 'SignedIn', description: 'Signed in with single sign-on' },
  wrongPassword: { type: 'SignInFailed', description: 'Sign-in failed: wrong password' },
  wrongCode: { type: 'SignInFailed', description: 'Sign-in failed: wrong two-factor code' },
  whileLocked: { type: 'SignInFailed', description: 'Sign-in refused: the account is locked' },
  unconfirmed: { type: 'SignInFailed', description: 'Sign-in refused: the email address is not confirmed' },
  lockedOut: { type: 'LockedOut', description: 'Account locked for 5 minutes after 5 failed sign-ins' },
  refreshReused: {
    type: 'SessionRevoked',
    description: 'Session ended: an already used refresh token was presented again',
  },
  passwordChanged: { type: 'PasswordChanged', description: 'Password changed; other sessions signed out' },
  passwordReset: {
    type: 'PasswordReset',
    description: 'Password reset with an emailed link; all sessions signed out',
  },
  twoFactorOn: { type: 'TwoFactorEnabled', description: 'Two-factor sign-in turned on' },
  twoFactorOff: { type: 'TwoFactorDisabled', description: 'Two-factor sign-in turned off' },
  emailConfirmed: { type: 'EmailConfirmed', description: 'Email address confirmed' },
} as const;

type IdentityEvent = keyof typeof identityEvents;

/** Records an event the user caused themselves (they are both subject and actor). */
export function auditSelf(
  db: Queries,
  user: { id: string; email: string },
  event: IdentityEvent,
  actor = true,
) {
  const subject = { userId: user.id, email: user.email };
  return recordAudit(db, { subject, actor: actor ? subject : null, ...identityEvents[event] });
}
