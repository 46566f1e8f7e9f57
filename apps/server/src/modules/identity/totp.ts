import { authenticator } from 'otplib';

/** TOTP per RFC 6238 (30 s steps, 6 digits); one step either side allows for clock drift. */
export const totp = authenticator.clone({ window: 1 });

export const TOTP_ISSUER = 'Client Portal';

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/**
 * The time step (30 s since the epoch) a code was made for, when it is valid now; else null. The
 * caller claims the step for the account (`claimTotpStep`) so that each code is good once.
 */
export function totpStep(code: string, secret: string): number | null {
  if (!isTotpCode(code)) return null;
  try {
    const delta = totp.checkDelta(code.trim(), secret);
    if (delta === null) return null;
    const { epoch, step } = totp.allOptions();
    return Math.floor(epoch / 1000 / step) + delta;
  } catch {
    return null;
  }
}
