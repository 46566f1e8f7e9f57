import type { FeatureName } from '@client-portal/contract';
import type { RouteObject } from 'react-router';
import { RequireFeature } from '../../components/require-feature';

/** Any Roles feature opens the area; each page's call is still checked by the server. */
export const rolesFeatures: readonly FeatureName[] = [
  'Roles.View',
  'Roles.Add',
  'Roles.Edit',
  'Roles.Remove',
];

/** The features that open a page without a role in hand: the list, or (without Roles.View) add. */
export const rolesEntryFeatures: readonly FeatureName[] = ['Roles.View', 'Roles.Add'];

/** A page only the holders of `feature` may open; others go to / (the area guard admits any Roles.*). */
function gated(path: string, feature: FeatureName, lazy: RouteObject['lazy']): RouteObject {
  return { path, element: <RequireFeature features={[feature]} />, children: [{ index: true, lazy }] };
}

/** Children of /admin/user/roles; each page is its own chunk. */
export const rolesRoutes: RouteObject[] = [
  // Without Roles.View the list page itself redirects to add.
  { index: true, lazy: () => import('./roles-page').then((m) => ({ Component: m.RolesPage })) },
  gated('add', 'Roles.Add', () => import('./add-role-page').then((m) => ({ Component: m.AddRolePage }))),
  gated('edit/:roleId', 'Roles.Edit', () =>
    import('./edit-role-page').then((m) => ({ Component: m.EditRolePage })),
  ),
  gated('remove/:roleId', 'Roles.Remove', () =>
    import('./remove-role-page').then((m) => ({ Component: m.RemoveRolePage })),
  ),
];
