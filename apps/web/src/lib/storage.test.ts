import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearAllStored, readStored, storageKeys, writeStored } from './storage';

describe('storage', () => {
  it('uses keys prefixed clientPortal', () => {
    expect(storageKeys).toMatchObject({
      config: 'clientPortal.config',
      user: 'clientPortal.user',
      userInfo: 'clientPortal.userInfo',
    });
  });

  it('round-trips values and rejects ones of the wrong shape', () => {
    writeStored(storageKeys.config, { a: 1 });
    expect(readStored(storageKeys.config, z.object({ a: z.number() }))).toEqual({ a: 1 });
    expect(readStored(storageKeys.config, z.object({ a: z.string() }))).toBeUndefined();
  });

  it('clears only keys of this app', () => {
    writeStored(storageKeys.user, 1);
    window.localStorage.setItem('other', 'x');
    clearAllStored();
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
    expect(window.localStorage.getItem('other')).toBe('x');
  });
});
