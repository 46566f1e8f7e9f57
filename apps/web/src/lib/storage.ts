import { STORAGE_PREFIX } from '@client-portal/contract';
import type { z } from 'zod';

/** Every key the browser writes starts with the shared prefix so 'clear cache' can find them all. */
export const storageKeys = {
  config: `${STORAGE_PREFIX}.config`,
  user: `${STORAGE_PREFIX}.user`,
  userInfo: `${STORAGE_PREFIX}.userInfo`,
  recentSites: `${STORAGE_PREFIX}.recentSites`,
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Reads and validates a stored value; anything missing, unreadable or stale in shape gives undefined. */
export function readStored<T>(key: StorageKey, schema: z.ZodType<T>): T | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Is something stored under the key that does not read as the schema (broken JSON, another shape)? */
export function isStoredUnreadable<T>(key: StorageKey, schema: z.ZodType<T>): boolean {
  try {
    return window.localStorage.getItem(key) !== null && readStored(key, schema) === undefined;
  } catch {
    return false;
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full quota: the app still works, it just forgets on reload.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStored.
  }
}

/** Removes only this app's keys, leaving other apps on the same origin alone. */
export function clearAllStored(): void {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(`${STORAGE_PREFIX}.`));
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // See writeStored.
  }
}
