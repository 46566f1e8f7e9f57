import { isApiKeyFeature, isSiteGroupNumber, SCIM_FEATURE } from '@client-portal/contract';
import type { PrincipalRecord } from './access-repository.js';
import type { Principal, ScimMapping } from './principal.js';

/** A key as the caller's reload reads it (by the hash of the bearer text). */
export interface ApiKeyRecord {
  id: string;
  name: string;
  features: readonly string[];
  /** The key's site and group numbers, as granted. */
  access: readonly string[];
  /** The key's sites with its groups expanded. */
  siteNumbers: readonly string[];
  /** SCIM (decision 46): the mapping's role (null when none or deleted), its features and sites. */
  scim: { roleId: number | null; roleFeatures: readonly string[]; access: readonly string[] };
}

/**
 * The principal a key acts as: its creator, narrowed to what the key names and what the creator
 * holds now (a creator who loses a feature or a site takes it from their keys at once), and never a
 * feature a key may not hold (administration). No all-sites access and no flags: a key is never the
 * operator's, and flags are a person's mail options.
 */
export function apiKeyPrincipal(key: ApiKeyRecord, creator: PrincipalRecord): Principal {
  const creatorReaches = (site: string) => creator.accessAllSites || creator.siteNumbers.includes(site);
  const creatorActsAt = (entry: string) =>
    creator.accessAllSites ||
    (isSiteGroupNumber(entry) ? creator.access.includes(entry) : creator.siteNumbers.includes(entry));
  const features = key.features.filter((f) => isApiKeyFeature(f) && creator.features.includes(f)).sort();
  const access = key.access.filter(creatorActsAt);
  // A key that holds Users.Add provisions accounts with its mapping's role and sites, within its own.
  const scim: ScimMapping | undefined =
    features.includes(SCIM_FEATURE) && key.scim.roleId !== null
      ? {
          roleId: key.scim.roleId,
          access: key.scim.access.filter((entry) => access.includes(entry)),
          features: key.scim.roleFeatures.filter((f) => creator.features.includes(f)),
        }
      : undefined;
  return {
    userId: creator.userId,
    email: creator.email,
    sessionId: key.id,
    sessionType: 'identity',
    features,
    flags: [],
    accessAllSites: false,
    access,
    siteNumbers: key.siteNumbers.filter(creatorReaches),
    apiKey: { id: key.id, name: key.name, ...(scim && { scim }) },
  };
}
