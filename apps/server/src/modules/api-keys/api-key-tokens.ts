import crypto from 'node:crypto';
import { API_KEY_PREFIX } from '@client-portal/contract';

/**
 * A new key's text: the recognisable prefix and 256 random bits (43 base64url characters). Kept only
 * as its SHA-256: a key this random cannot be guessed from its hash, so no slow hash is needed (the
 * lookup on every request stays one indexed read).
 */
export function newApiKeyToken(): { token: string; hash: string; lastFour: string } {
  const token = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { token, hash: apiKeyTokenHash(token), lastFour: token.slice(-4) };
}

/** The SHA-256 of a key's text, in hex: what the database keeps and looks keys up by. */
export function apiKeyTokenHash(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How a key is recognised without its secret part: `cp_live_…abcd`. */
export const apiKeyHint = (lastFour: string) => `${API_KEY_PREFIX}…${lastFour}`;
