import {
  SESSION_REFRESH_MARGIN_MS,
  type SessionType,
  sessionTypeSchema,
  type Tokens,
} from '@client-portal/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { isStoredUnreadable, readStored, removeStored, storageKeys, writeStored } from './storage';

export type { SessionType };
/**
 * The two kinds of session by their plain names; the values are the spec's, kept in local storage and
 * in the API's tokens: `identity` for a password sign-in, `msal` (the old portal's library) for single
 * sign-on.
 */
export const sessionType = { password: 'identity', singleSignOn: 'msal' } as const satisfies Record<
  string,
  SessionType
>;

const authenticatedSessionSchema = z.object({
  isAuthenticated: z.literal(true),
  type: sessionTypeSchema,
  accessToken: z.string().min(1),
  refreshToken: z.string(),
  /** Epoch ms at which the token should be refreshed (expiry minus the margin). */
  refreshAt: z.number(),
  account: z.object({ email: z.string() }),
});

const sessionSchema = z.discriminatedUnion('isAuthenticated', [
  z.object({ isAuthenticated: z.literal(false) }),
  authenticatedSessionSchema,
]);

type Session = z.infer<typeof sessionSchema>;
type AuthenticatedSession = z.infer<typeof authenticatedSessionSchema>;

const signedOut: Session = Object.freeze({ isAuthenticated: false });

/** Builds the stored session from the answer of POST /user/login, /user/login/sso or /user/refresh. */
export function sessionFromLogin(
  login: Tokens,
  type: SessionType,
  email: string,
  now: number = Date.now(),
): AuthenticatedSession {
  return {
    isAuthenticated: true,
    type,
    accessToken: login.accessToken,
    refreshToken: login.refreshToken,
    refreshAt: now + Math.max(0, login.expiresIn * 1000 - SESSION_REFRESH_MARGIN_MS),
    account: { email: email.trim().toLowerCase() },
  };
}

type Listener = () => void;

export interface SessionStore {
  get(): Session;
  set(session: AuthenticatedSession): void;
  clear(): void;
  /** Adopts what local storage holds now (another tab may have refreshed or signed out). */
  sync(): void;
  subscribe(listener: Listener): () => void;
  /** A session was stored at start but could not be read ('Failed to load user session.'). */
  loadFailed(): boolean;
}

const readSession = (): Session => readStored(storageKeys.user, sessionSchema) ?? signedOut;

const sameSession = (a: Session, b: Session) =>
  a.isAuthenticated === b.isAuthenticated &&
  (!a.isAuthenticated || (b.isAuthenticated && a.accessToken === b.accessToken));

/**
 * A tiny external store rather than React state, so the API client (outside React) reads the same
 * token the UI shows and a 401 anywhere signs out everywhere. Tabs share the stored session: a refresh
 * or sign-out in one reaches the others through the storage event, so no tab presents a refresh token
 * another has already used (which would end the session for all).
 */
export function createSessionStore(): SessionStore {
  const unreadable = isStoredUnreadable(storageKeys.user, sessionSchema);
  if (unreadable) removeStored(storageKeys.user);
  let current: Session = readSession();
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  const store: SessionStore = {
    get: () => current,
    set(session) {
      current = session;
      writeStored(storageKeys.user, session);
      // User info belongs to the previous session; the next read fetches it afresh.
      removeStored(storageKeys.userInfo);
      emit();
    },
    clear() {
      if (!current.isAuthenticated && window.localStorage.getItem(storageKeys.user) === null) return;
      current = signedOut;
      removeStored(storageKeys.user);
      removeStored(storageKeys.userInfo);
      emit();
    },
    sync() {
      const stored = readSession();
      if (sameSession(stored, current)) return;
      current = stored;
      emit();
    },
    loadFailed: () => unreadable,
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };

  function onStorage(event: StorageEvent) {
    if (event.key === storageKeys.user || event.key === null) store.sync();
  }

  return store;
}

/** The app's one session store, loaded from local storage when the module first loads. */
export const sessionStore = createSessionStore();

export function useSession(store: SessionStore = sessionStore): Session {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
