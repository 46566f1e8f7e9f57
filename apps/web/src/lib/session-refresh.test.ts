import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testApiClient } from '../test/render';
import { createSessionStore, sessionFromLogin } from './session';
import { refreshSession, restoreSession, startSessionRefresh } from './session-refresh';
import { storageKeys } from './storage';

const EMAIL = 'someone@example.com';

function setup(respond: (refreshToken: string) => Response | Promise<Response>) {
  const calls: string[] = [];
  const api = testApiClient((async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { refreshToken } = JSON.parse(String(init.body));
    calls.push(`${new URL(String(input)).pathname} ${refreshToken}`);
    return respond(refreshToken);
  }) as typeof fetch);
  const store = createSessionStore();
  store.set(sessionFromLogin({ accessToken: 'a0', refreshToken: 'r0', expiresIn: 900 }, 'identity', EMAIL));
  return { api, store, calls };
}

const rotate = (n: number) => jsonResponse({ accessToken: `a${n}`, refreshToken: `r${n}`, expiresIn: 900 });

describe('session refresh timer', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('refreshes 30 s before expiry, then again after the next 14.5 minutes, reloading user info each time', async () => {
    let n = 0;
    const { api, store, calls } = setup(() => rotate(++n));
    const onRefreshed = vi.fn();
    const stop = startSessionRefresh(api, store, onRefreshed);

    await vi.advanceTimersByTimeAsync(870_000 - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['/user/refresh r0']);
    expect(store.get()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1', type: 'identity' });
    expect(onRefreshed).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(870_000);
    expect(calls).toEqual(['/user/refresh r0', '/user/refresh r1']);
    expect(onRefreshed).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(2_000_000);
    expect(calls).toHaveLength(2);
  });

  it('signs out when the refresh is refused', async () => {
    const { api, store } = setup(() => jsonResponse({ title: 'Unauthorized', status: 401 }, 401));
    const onRefreshed = vi.fn();
    const stop = startSessionRefresh(api, store, onRefreshed);
    await vi.advanceTimersByTimeAsync(870_000);
    expect(store.get()).toEqual({ isAuthenticated: false });
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
    expect(onRefreshed).not.toHaveBeenCalled();
    stop();
  });

  it('signs out when there is no answer at all', async () => {
    const { api, store } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await refreshSession(api, store)).toBe(false);
    expect(store.get().isAuthenticated).toBe(false);
  });
});

describe('restoring a stored session at start', () => {
  afterEach(() => window.localStorage.clear());

  it('refreshes a stored session at once, whatever its refresh time', async () => {
    const { api, store, calls } = setup(() => rotate(1));
    await restoreSession(api, store);
    expect(calls).toEqual(['/user/refresh r0']);
    expect(store.get()).toMatchObject({ accessToken: 'a1', account: { email: EMAIL } });
  });

  it('does nothing without a stored session', async () => {
    const { api, store, calls } = setup(() => rotate(1));
    store.clear();
    await restoreSession(api, store);
    expect(calls).toEqual([]);
  });

  it('adopts a session another tab has already refreshed instead of reusing the old token', async () => {
    const { api, store, calls } = setup(() => rotate(1));
    const otherTab = createSessionStore();
    const before = store.get();
    // The other tab rotates the token; this tab has not heard of it yet when its refresh starts.
    otherTab.set(
      sessionFromLogin({ accessToken: 'a9', refreshToken: 'r9', expiresIn: 900 }, 'identity', EMAIL),
    );
    expect(store.get()).toBe(before);
    expect(await refreshSession(api, store)).toBe(true);
    expect(calls).toEqual([]);
    expect(store.get()).toMatchObject({ accessToken: 'a9', refreshToken: 'r9' });
  });

  it('shares one refresh between calls at the same moment in one tab', async () => {
    const { api, store, calls } = setup(() => rotate(1));
    const answers = await Promise.all([refreshSession(api, store), refreshSession(api, store)]);
    expect(answers).toEqual([true, true]);
    expect(calls).toEqual(['/user/refresh r0']);
    expect(store.get()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
  });

  it('lets two tabs refreshing at once under Web Locks present the token once', async () => {
    // A stand-in for the browser's Web Locks: one holder per name, the others wait their turn.
    const queues = new Map<string, Promise<unknown>>();
    const locks = {
      request: (name: string, work: () => Promise<unknown>) => {
        const turn = (queues.get(name) ?? Promise.resolve()).then(work, work);
        queues.set(
          name,
          turn.catch(() => undefined),
        );
        return turn;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const { api, store, calls } = setup(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return rotate(1);
      });
      const otherTab = createSessionStore();
      expect(otherTab.get()).toMatchObject({ refreshToken: 'r0' });
      const answers = await Promise.all([refreshSession(api, store), refreshSession(api, otherTab)]);
      expect(answers).toEqual([true, true]);
      expect(calls).toEqual(['/user/refresh r0']);
      expect(otherTab.get()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});
