import crypto from 'node:crypto';

/** An unguessable token for links and refresh tokens: 32 random bytes, base64url. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps of a token or code: its SHA-256, so a leaked table opens nothing. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** A recovery code `12345-67890`: easy to read out and type, one of 10^10. */
export function randomRecoveryCode(): string {
  const digits = crypto.randomInt(0, 10_000_000_000).toString().padStart(10, '0');
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** The comparable form of a recovery code as typed: digits only. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[^0-9]/g, '');
}
