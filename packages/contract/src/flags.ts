import type { FeatureName } from './features.js';

/** A per-user option. Its mask ('*.*', 'Group.*' or one feature) must be covered by the user's roles. */
export interface FlagInfo {
  mask: string;
  name: string;
  normalizedName: string;
  description: string;
}

export const flagCatalogue: FlagInfo[] = [
  {
    mask: 'Tickets.*',
    name: 'Ticket action receipts',
    normalizedName: 'TicketActionReceipts',
    description: 'Email me a receipt after each ticket I cancel or reduce',
  },
  {
    mask: 'Permits.*',
    name: 'Permit expiry digest',
    normalizedName: 'PermitExpiryDigest',
    description: 'Email me each day the permits at my sites that end within 7 days',
  },
  {
    mask: '*.*',
    name: 'Latest news emails',
    normalizedName: 'LatestNewsEmails',
    description: 'Email me when the latest news changes',
  },
];

/** Does this set of features cover the mask? '*.*' needs any feature, 'Group.*' any of the group. */
export function maskCoveredBy(mask: string, features: readonly string[]): boolean {
  if (mask === '*.*') return features.length > 0;
  if (mask.endsWith('.*')) {
    const group = `${mask.slice(0, -2)}.`;
    return features.some((f) => f.startsWith(group));
  }
  return features.includes(mask as FeatureName);
}
