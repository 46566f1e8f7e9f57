import { SESSION_REFRESH_MARGIN_MS } from '@client-portal/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readStored, removeStored, storageKeys, writeStored } from './storage';

export const sessionTypes = ['identity', 'msal'] as const;
export type SessionType = (typeof sessionTypes)[number];

const authenticatedSessionSchema = z.object({
  isAuthenticated: z.literal(true),
  type: z.enum(sessionTypes),
  accessToken: z.string().min(1),
  refreshToken: z.string(),
  /** Epoch ms at which the token should be refreshed (expiry minus the margin). */
  refreshAt: z.number(),
  account: z.object({ email: z.string() }),
});

export const sessionSchema = z.discriminatedUnion('isAuthenticated', [
  z.object({ isAuthenticated: z.literal(false) }),
  authenticatedSessionSchema,
]);

export type Session = z.infer<typeof sessionSchema>;
export type AuthenticatedSession = z.infer<typeof authenticatedSessionSchema>;

export const signedOut: Session = Object.freeze({ isAuthenticated: false });

/** The answer of POST /user/login, /user/login/sso and /user/refresh. */
export const loginResponseSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string(),
  expiresIn: z.number().positive(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export function sessionFromLogin(
  login: LoginResponse,
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
  subscribe(listener: Listener): () => void;
}

/**
 * A tiny external store rather than React state, so the API client (outside React) reads the same
 * token the UI shows and a 401 anywhere signs out everywhere.
 */
export function createSessionStore(): SessionStore {
  let current: Session = readStored(storageKeys.user, sessionSchema) ?? signedOut;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  return {
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
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one session store, loaded from local storage when the module first loads. */
export const sessionStore = createSessionStore();

export function useSession(store: SessionStore = sessionStore): Session {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
