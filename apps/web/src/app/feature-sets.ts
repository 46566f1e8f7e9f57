import { allFeatureNames, type FeatureName } from '@client-portal/contract';
import { adminFeatures } from './admin-links';

const inGroup = (group: string) => allFeatureNames.filter((name) => name.startsWith(`${group}.`));

/**
 * Which features let a user into each area's routes: the guard admits the user when they hold any one
 * of them. Which page the navbar leads to is nav-items' concern. The server still checks every call.
 */
export const featureSets = {
  account: ['Self.View'],
  permits: inGroup('Permits'),
  tickets: ['Tickets.Cancel', 'Tickets.Reduce', 'Tickets.ViewCancelled', 'Tickets.ViewReduced'],
  invoicing: ['Invoicing.Access'],
  admin: adminFeatures,
} as const satisfies Record<string, readonly FeatureName[]>;

export type AreaName = keyof typeof featureSets;
