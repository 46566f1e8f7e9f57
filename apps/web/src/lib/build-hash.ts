import { HASH_RELOAD_DELAY_MS } from '@client-portal/contract';

export const builtInHash: string = import.meta.env.VITE_APP_BUILD_HASH ?? '';

const RELOADED_FOR_KEY = 'clientPortal.reloadedForHash';

/** A deploy changed the sources when the server's hash differs from the one baked into this bundle. */
export function isUpdateAvailable(remoteHash: string | undefined, localHash: string = builtInHash): boolean {
  return Boolean(remoteHash && localHash && remoteHash !== localHash);
}

/**
 * Reloads once per remote hash: if a cache still serves the old bundle after the reload, looping every
 * 500 ms would lock the user out, so the support page's 'Apply update' is left to finish the job.
 */
export function reloadForNewBuild(remoteHash: string, reload: () => void = () => window.location.reload()) {
  try {
    if (window.sessionStorage.getItem(RELOADED_FOR_KEY) === remoteHash) return false;
    window.sessionStorage.setItem(RELOADED_FOR_KEY, remoteHash);
  } catch {
    return false;
  }
  setTimeout(reload, HASH_RELOAD_DELAY_MS);
  return true;
}
