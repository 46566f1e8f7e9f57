import { type Site, siteSchema } from '@client-portal/contract';
import { z } from 'zod';
import { readStored, storageKeys, writeStored } from '../../lib/storage';

const RECENT_MAX = 5;

export function readRecentSites(): Site[] {
  return readStored(storageKeys.recentSites, z.array(siteSchema)) ?? [];
}

/** Most recent first, no duplicates, a handful kept so the empty picker stays short. */
export function rememberSite(site: Site): void {
  const rest = readRecentSites().filter((s) => s.siteNumber !== site.siteNumber);
  writeStored(storageKeys.recentSites, [site, ...rest].slice(0, RECENT_MAX));
}
