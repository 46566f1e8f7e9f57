import type { FeatureName } from '@client-portal/contract';

/** Who is calling: loaded fresh from the database on every authenticated request. */
export interface Principal {
  userId: string;
  email: string;
  sessionId: string;
  sessionType: 'identity' | 'msal';
  features: string[];
  flags: string[];
  accessAllSites: boolean;
  /** The raw access list: site and site-group numbers. */
  access: string[];
  /** Every site number the caller can reach (groups expanded); ignored when accessAllSites. */
  siteNumbers: string[];
}

export function hasAnyFeature(principal: Principal, ...features: FeatureName[]): boolean {
  return features.some((f) => principal.features.includes(f));
}

export function canAccessSite(principal: Principal, siteNumber: string): boolean {
  return principal.accessAllSites || principal.siteNumbers.includes(siteNumber);
}

/** A site-group number is reachable when granted directly or when all its sites are. */
export function canAccessSiteOrGroup(principal: Principal, number: string, groupSites?: string[]): boolean {
  if (principal.accessAllSites) return true;
  if (principal.access.includes(number)) return true;
  if (groupSites) return groupSites.length > 0 && groupSites.every((s) => principal.siteNumbers.includes(s));
  return principal.siteNumbers.includes(number);
}
