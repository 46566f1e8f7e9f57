import { allFeatureNames, type FeatureName, operatorOnlyFeatures } from '@client-portal/contract';
import type { SqlSession } from '../client.js';
import { insertRows } from './sql.js';

interface DemoRole {
  name: string;
  parent: string | null;
  features: readonly FeatureName[];
}

const inGroups = (...groups: string[]): FeatureName[] =>
  allFeatureNames.filter((f) => groups.some((g) => f.startsWith(`${g}.`)));

/** A client role never holds the operator's features (they would not be in force anyway). */
const clientFeatures = (features: FeatureName[]): FeatureName[] =>
  features.filter((f) => !(operatorOnlyFeatures as readonly FeatureName[]).includes(f));

/** Parents come before their children; each role's features are a subset of its parent's. */
const roles: readonly DemoRole[] = [
  { name: 'Administrator', parent: null, features: allFeatureNames },
  {
    name: 'Client Manager',
    parent: 'Administrator',
    features: [
      ...clientFeatures(inGroups('Permits', 'Tickets', 'Users')),
      'Invoicing.Access',
      'Roles.View',
      'Reports.Access',
      'Statistics.Access',
    ],
  },
  {
    name: 'Site Clerk',
    parent: 'Client Manager',
    features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Tickets.Cancel'],
  },
  {
    name: 'Permit Officer',
    parent: 'Client Manager',
    features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Permits.BulkAdd', 'Permits.Disable'],
  },
  {
    // Without Permits.AllPermits: sees and expires only the permits it added itself.
    name: 'Reception Desk',
    parent: 'Client Manager',
    features: ['Permits.View', 'Permits.Add', 'Permits.Disable'],
  },
  {
    name: 'Finance Viewer',
    parent: 'Client Manager',
    features: ['Invoicing.Access', 'Reports.Access', 'Statistics.Access'],
  },
];

export type RoleName =
  | 'Administrator'
  | 'Client Manager'
  | 'Site Clerk'
  | 'Permit Officer'
  | 'Reception Desk'
  | 'Finance Viewer';

/** Inserts the roles and returns their ids by name. */
export async function insertRoles(session: SqlSession, createdAt: Date): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const role of roles) {
    const { rows } = await session.query<{ id: number }>(
      'insert into roles (name, parent_id, created_at) values ($1, $2, $3) returning id',
      [role.name, role.parent === null ? null : ids.get(role.parent), createdAt.toISOString()],
    );
    ids.set(role.name, rows[0]!.id);
  }
  await insertRows(
    session,
    'role_features',
    ['role_id', 'feature'],
    roles.flatMap((role) => role.features.map((feature) => [ids.get(role.name), feature])),
  );
  return ids;
}

export function roleFeatures(name: string): readonly FeatureName[] {
  return roles.find((r) => r.name === name)?.features ?? [];
}
