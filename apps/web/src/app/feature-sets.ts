import { allFeatureNames, type FeatureName } from '@client-portal/contract';

const inGroup = (group: string) => allFeatureNames.filter((name) => name.startsWith(`${group}.`));

/**
 * Which features open each area: a navbar entry shows, and its routes admit the user, when the user
 * holds any one of them. The server still checks every call; this only hides what cannot be used.
 */
export const featureSets = {
  account: ['Self.View'],
  permits: inGroup('Permits'),
  tickets: ['Tickets.Cancel', 'Tickets.Reduce', 'Tickets.ViewCancelled', 'Tickets.ViewReduced'],
  invoicing: ['Invoicing.Access'],
  admin: [
    ...inGroup('Application'),
    ...inGroup('Users'),
    ...inGroup('Roles'),
    'Permits.Allowances',
    'Permits.PermanentYears',
    'Permits.Expired',
    'Tickets.ReducePeriod',
  ],
} as const satisfies Record<string, readonly FeatureName[]>;

export type AreaName = keyof typeof featureSets;
