import type { FeatureName } from '@client-portal/contract';
import type { RouteObject } from 'react-router';

/** Any Roles feature opens the area; each page's call is still checked by the server. */
export const rolesFeatures: readonly FeatureName[] = [
  'Roles.View',
  'Roles.Add',
  'Roles.Edit',
  'Roles.Remove',
];

/** Children of /admin/user/roles; each page is its own chunk. */
export const rolesRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./roles-page').then((m) => ({ Component: m.RolesPage })) },
  { path: 'add', lazy: () => import('./add-role-page').then((m) => ({ Component: m.AddRolePage })) },
  {
    path: 'edit/:roleId',
    lazy: () => import('./edit-role-page').then((m) => ({ Component: m.EditRolePage })),
  },
  {
    path: 'remove/:roleId',
    lazy: () => import('./remove-role-page').then((m) => ({ Component: m.RemoveRolePage })),
  },
];
