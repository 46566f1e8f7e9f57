import { describe, expect, it } from 'vitest';
import { createSessionStore, sessionFromLogin } from './session';
import { storageKeys } from './storage';

describe('session store', () => {
  const session = sessionFromLogin(
    { accessToken: 'a', refreshToken: 'r', expiresIn: 900 },
    'identity',
    ' Someone@Example.COM ',
    1_000,
  );

  it('builds a session that refreshes 30 s before expiry with a lower-cased email', () => {
    expect(session).toEqual({
      isAuthenticated: true,
      type: 'identity',
      accessToken: 'a',
      refreshToken: 'r',
      refreshAt: 1_000 + 870_000,
      account: { email: 'someone@example.com' },
    });
  });

  it('starts signed out when nothing is stored or the stored value is unreadable', () => {
    expect(createSessionStore().get()).toEqual({ isAuthenticated: false });
    expect(createSessionStore().loadFailed()).toBe(false);
    window.localStorage.setItem(storageKeys.user, '{broken');
    const store = createSessionStore();
    expect(store.get()).toEqual({ isAuthenticated: false });
    // The unreadable session is reported once and removed.
    expect(store.loadFailed()).toBe(true);
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
    expect(createSessionStore().loadFailed()).toBe(false);
  });

  it('stores the session, clears cached user info and notifies subscribers', () => {
    window.localStorage.setItem(storageKeys.userInfo, '{"email":"old"}');
    const store = createSessionStore();
    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    store.set(session);
    expect(store.get()).toEqual(session);
    expect(JSON.parse(window.localStorage.getItem('clientPortal.user') ?? '')).toEqual(session);
    expect(window.localStorage.getItem('clientPortal.userInfo')).toBeNull();
    expect(createSessionStore().get()).toEqual(session);
    store.clear();
    expect(store.get()).toEqual({ isAuthenticated: false });
    expect(window.localStorage.getItem('clientPortal.user')).toBeNull();
    expect(notified).toBe(2);
    unsubscribe();
  });
});
