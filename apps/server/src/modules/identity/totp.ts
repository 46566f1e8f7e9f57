import { authenticator } from 'otplib';

/** TOTP per RFC 6238 (30 s steps, 6 digits); one step either side allows for clock drift. */
export const totp = authenticator.clone({ window: 1 });

export const TOTP_ISSUER = 'Client Portal';

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

export function checkTotp(code: string, secret: string): boolean {
  try {
    return isTotpCode(code) && totp.check(code.trim(), secret);
  } catch {
    return false;
  }
}
