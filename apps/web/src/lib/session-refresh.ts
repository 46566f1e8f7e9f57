import type { ApiClient } from './api-client';
import { loginResponseSchema, type SessionStore, sessionFromLogin } from './session';

const MAX_TIMER_MS = 2_147_483_647;

/**
 * Keeps the session alive: POST /user/refresh at refreshAt (expiry minus 30 s). A failed or missing
 * answer signs out, as the spec asks. Returns a stop function.
 */
export function startSessionRefresh(api: ApiClient, store: SessionStore, onRefreshed?: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    const session = store.get();
    if (!session.isAuthenticated) return;
    const due = Math.min(Math.max(session.refreshAt - Date.now(), 0), MAX_TIMER_MS);
    timer = setTimeout(async () => {
      const current = store.get();
      if (!current.isAuthenticated) return;
      const result = await api.post(
        '/user/refresh',
        { refreshToken: current.refreshToken },
        { schema: loginResponseSchema },
      );
      // Another tab or a sign-out may have replaced the session meanwhile.
      if (store.get() !== current) return;
      if (result.ok) {
        store.set(sessionFromLogin(result.data, current.type, current.account.email));
        onRefreshed?.();
      } else {
        store.clear();
      }
    }, due);
  };

  schedule();
  const unsubscribe = store.subscribe(schedule);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
