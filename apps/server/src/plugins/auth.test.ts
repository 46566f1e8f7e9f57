import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './auth.js';

const key = new Uint8Array(32).fill(7);
const claims = { userId: 'b3c1a1de-0000-4000-8000-000000000001', sessionId: 's-1', securityStamp: 3 };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own token, again and again, and refuses a tampered or foreign one', async () => {
    const tokens = createTokenService(key, 15);
    const { token } = await tokens.issueAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    const [head, body, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifyAccessToken(`${head}.${body}.${flipped}`)).toBeNull();
    const other = createTokenService(new Uint8Array(32).fill(8), 15);
    expect(await other.verifyAccessToken(token)).toBeNull();
  });

  it('refuses a token once it has expired, also one verified before', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    const tokens = createTokenService(key, 15);
    const { token } = await tokens.issueAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T12:14:59Z'));
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T12:15:00Z'));
    expect(await tokens.verifyAccessToken(token)).toBeNull();
    // A service that never saw it refuses it the same way.
    expect(await createTokenService(key, 15).verifyAccessToken(token)).toBeNull();
  });
});
