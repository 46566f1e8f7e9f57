/** The feature catalogue (platform spec section 6). Roles are sets of these names. */
interface FeatureGroupDefinition {
  name: string;
  description: string;
  features: Record<string, string>;
}

export const featureGroups = [
  { name: 'Self', description: 'Your own account', features: { View: 'View your own account' } },
  {
    name: 'Application',
    description: 'Application settings',
    features: {
      SysAdmin: 'System administration: maintenance, banners, decoration',
      WelcomeMessage: 'Change the dashboard welcome message',
      LatestNews: 'Change the latest news message',
    },
  },
  { name: 'Invoicing', description: 'Invoices and reports', features: { Access: 'Generate invoices' } },
  { name: 'Notifications', description: 'Notifications', features: { Send: 'Send notifications' } },
  {
    name: 'Permits',
    description: 'Vehicle permits',
    features: {
      PermanentYears: 'Change the length of permanent permits',
      Expired: 'Change how long expired permits are listed',
      Allowances: 'Change permit allowances',
      View: 'View permits',
      Add: 'Add a permit',
      Edit: 'Edit permits',
      Disable: 'Expire permits',
      BulkAdd: 'Add permits from a CSV file',
      AllPermits: 'View all permits',
      CustomDuration: 'Add permits with a custom duration',
    },
  },
  {
    name: 'Privacy',
    description: 'Personal data',
    features: { SubjectAccess: 'Answer subject access and erasure requests' },
  },
  { name: 'Reports', description: 'Reports', features: { Access: 'View reports' } },
  {
    name: 'Roles',
    description: 'Application roles',
    features: { View: 'View roles', Add: 'Add roles', Edit: 'Edit roles', Remove: 'Remove roles' },
  },
  {
    name: 'Sightings',
    description: 'Vehicle sightings',
    features: { Import: "Import the operator's camera sightings" },
  },
  { name: 'Statistics', description: 'Statistics', features: { Access: 'View statistics' } },
  {
    name: 'Tickets',
    description: 'Parking charge notices',
    features: {
      ReducePeriod: 'Change how long a reduction lasts',
      Cancel: 'Cancel tickets',
      ViewCancelled: 'View cancelled tickets',
      Reduce: 'Reduce tickets',
      ViewReduced: 'View reduced tickets',
    },
  },
  {
    name: 'Users',
    description: 'User accounts',
    features: {
      View: 'View user accounts',
      Add: 'Add user accounts',
      Edit: 'Edit user accounts',
      Remove: 'Remove user accounts',
      ViewHistory: 'View user audit history',
    },
  },
] as const satisfies readonly FeatureGroupDefinition[];

type Group = (typeof featureGroups)[number];
export type FeatureName = {
  [G in Group as G['name']]: `${G['name']}.${Extract<keyof G['features'], string>}`;
}[Group['name']];

export interface FeatureInfo {
  name: string;
  normalizedName: FeatureName;
  description: string;
  group: { name: string; description: string };
}

export const featureCatalogue: FeatureInfo[] = featureGroups.flatMap((group) =>
  Object.entries(group.features).map(([name, description]) => ({
    name,
    normalizedName: `${group.name}.${name}` as FeatureName,
    description,
    group: { name: group.name, description: group.description },
  })),
);

export const allFeatureNames: FeatureName[] = featureCatalogue.map((f) => f.normalizedName);

export function isFeatureName(value: string): value is FeatureName {
  return (allFeatureNames as string[]).includes(value);
}

/** Every signed-in user holds this, whatever their roles. */
export const SELF_VIEW: FeatureName = 'Self.View';

/**
 * Features that change what every client sees (operator-wide settings, maintenance, news, permit
 * allowances). They are the operator's: a user without all-sites access never holds them in force,
 * whatever their roles say, so the server refuses those changes and the browser hides their pages.
 */
export const operatorOnlyFeatures = [
  'Application.SysAdmin',
  'Application.WelcomeMessage',
  'Application.LatestNews',
  'Permits.PermanentYears',
  'Permits.Expired',
  'Permits.Allowances',
  'Tickets.ReducePeriod',
  // The operator's own camera system feeds every client's plate checks.
  'Sightings.Import',
  // Subject access and erasure reach every client's records (issue 28).
  'Privacy.SubjectAccess',
] as const satisfies readonly FeatureName[];

/** The features a user's roles give them that are in force: operator-only ones need all-sites access. */
export function featuresInForce(features: readonly string[], accessAllSites: boolean): string[] {
  if (accessAllSites) return [...features];
  return features.filter((f) => !(operatorOnlyFeatures as readonly string[]).includes(f));
}
