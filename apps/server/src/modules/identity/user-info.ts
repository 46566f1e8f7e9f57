import { featureCatalogue, flagCatalogue, maskCoveredBy, type UserInfo } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import type { Principal } from '../access/index.js';
import { listAccessibleSites } from '../sites/index.js';
import { readPreferencesOf } from './identity-repository.js';

/** What the browser needs to know about the caller: catalogue entries for their features and flags. */
export async function userInfoFor(db: Queries, principal: Principal): Promise<UserInfo> {
  const features = featureCatalogue.filter((f) => principal.features.includes(f.normalizedName));
  const { colourMode, language } = await readPreferencesOf(db, principal.userId);
  return {
    email: principal.email,
    colourMode,
    language,
    sessionType: principal.sessionType,
    accessAllSites: principal.accessAllSites,
    access: principal.access,
    sites: await listAccessibleSites(db, principal),
    features,
    visibleFlags: flagCatalogue.filter((f) => maskCoveredBy(f.mask, principal.features)),
    flags: principal.flags,
  };
}
