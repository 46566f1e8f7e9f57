import { inject } from 'vitest';

/**
 * The URL of this worker's shared server (global-setup.ts): files run two at a time, and each worker
 * has a server of its own, so no two files act on one server's data at once.
 */
export function sharedServerUrl(): string {
  const urls = inject('sharedServerUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = urls[worker - 1];
  if (!url) throw new Error(`No shared server for worker ${worker} (${urls.length} started).`);
  return url;
}
