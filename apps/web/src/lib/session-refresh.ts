import { tokensSchema } from '@client-portal/contract';
import type { ApiClient } from './api-client';
import { type SessionStore, sessionFromLogin } from './session';

const MAX_TIMER_MS = 2_147_483_647;
const REFRESH_LOCK = 'clientPortal.sessionRefresh';

/** Runs `work` while holding a lock shared by every tab of the origin, where the browser has Web Locks. */
function withTabLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, work) as Promise<T>) : work();
}

/** The refresh under way in this tab, per store: callers at the same moment share it. */
const inFlight = new WeakMap<SessionStore, Promise<boolean>>();

/**
 * POST /user/refresh with the stored refresh token. True when the session is (still) good. A refused
 * or missing answer signs out, as the spec asks. One refresh at a time: calls in this tab share the one
 * under way, and tabs take turns under a Web Lock, a tab that finds the stored token already rotated by
 * another adopting it instead of presenting the used one. Where the browser has no Web Locks, two tabs
 * may present the same token at once; the server answers such a retry with the same new pair
 * (docs/decisions: refresh grace window), so neither is signed out.
 */
export function refreshSession(api: ApiClient, store: SessionStore): Promise<boolean> {
  const running = inFlight.get(store);
  if (running) return running;
  const refresh = refreshOnce(api, store).finally(() => inFlight.delete(store));
  inFlight.set(store, refresh);
  return refresh;
}

function refreshOnce(api: ApiClient, store: SessionStore): Promise<boolean> {
  const before = store.get();
  if (!before.isAuthenticated) return Promise.resolve(false);
  return withTabLock(async () => {
    store.sync();
    const current = store.get();
    if (!current.isAuthenticated) return false;
    if (current.refreshToken !== before.refreshToken) return true;
    const result = await api.post(
      '/user/refresh',
      { refreshToken: current.refreshToken },
      // The server answers a retried exchange with the same new pair (its grace window), so a lost
      // answer may be asked for again.
      { schema: tokensSchema, idempotent: true },
    );
    // A sign-out (here or in another tab) may have replaced the session meanwhile.
    if (store.get() !== current) return store.get().isAuthenticated;
    if (result.ok) {
      store.set(sessionFromLogin(result.data, current.type, current.account.email));
      return true;
    }
    store.clear();
    return false;
  });
}

/**
 * Start-up: a stored session is refreshed before any page asks the API anything, so a token that
 * expired while the browser was closed never reaches the API (whose 401 would sign the user out).
 */
export async function restoreSession(api: ApiClient, store: SessionStore): Promise<void> {
  if (store.get().isAuthenticated) await refreshSession(api, store);
}

/**
 * Keeps the session alive: refreshes at refreshAt (expiry minus 30 s), then calls onRefreshed so user
 * info is reloaded. Returns a stop function.
 */
export function startSessionRefresh(api: ApiClient, store: SessionStore, onRefreshed?: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    const session = store.get();
    if (!session.isAuthenticated) return;
    const due = Math.min(Math.max(session.refreshAt - Date.now(), 0), MAX_TIMER_MS);
    timer = setTimeout(async () => {
      if (await refreshSession(api, store)) onRefreshed?.();
    }, due);
  };

  schedule();
  const unsubscribe = store.subscribe(schedule);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
