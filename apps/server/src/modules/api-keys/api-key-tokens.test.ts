import { API_KEY_PREFIX } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { apiKeyHint, apiKeyTokenHash, newApiKeyToken } from './api-key-tokens.js';

describe('API key tokens', () => {
  it('are the prefix and 43 random base64url characters, kept as their SHA-256 and last four', () => {
    const { token, hash, lastFour } = newApiKeyToken();
    expect(token).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(apiKeyTokenHash(token));
    expect(hash).not.toContain(token.slice(API_KEY_PREFIX.length));
    expect(lastFour).toBe(token.slice(-4));
    expect(apiKeyHint(lastFour)).toBe(`${API_KEY_PREFIX}…${lastFour}`);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newApiKeyToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('hash a known text to its known SHA-256', () => {
    expect(apiKeyTokenHash('hello world')).toBe(
      'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    );
  });
});
