import crypto from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@client-portal/contract';

/** A new subscription secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
}

/** The hex HMAC-SHA256, keyed with the secret's text, of `<unix time>.<body>`. */
export function signatureOf(secret: string, unixTime: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${unixTime}.${body}`).digest('hex');
}

/**
 * The X-ClientPortal-Signature header: `t=<unix time>,v1=<hex>`, with a second `v1=` from the
 * previous secret during the day after a rotation, so a receiver holding either one verifies it.
 */
export function signatureHeader(secrets: readonly string[], unixTime: number, body: string): string {
  return [`t=${unixTime}`, ...secrets.map((s) => `v1=${signatureOf(s, unixTime, body)}`)].join(',');
}
