import type { FeatureRoutes } from '../../lib/feature-routes';

/** /admin/user/roles; any Roles feature opens the area, each page's call is still checked by the server. */
export const rolesRoutes = {
  path: '/admin/user/roles',
  pages: [
    {
      // Without Roles.View the list page itself redirects to add.
      features: ['Roles.View'],
      checkedByPage: true,
      entry: true,
      lazy: () => import('./roles-page').then((m) => ({ Component: m.RolesPage })),
    },
    {
      path: 'add',
      features: ['Roles.Add'],
      entry: true,
      lazy: () => import('./add-role-page').then((m) => ({ Component: m.AddRolePage })),
    },
    {
      path: 'edit/:roleId',
      features: ['Roles.Edit'],
      lazy: () => import('./edit-role-page').then((m) => ({ Component: m.EditRolePage })),
    },
    {
      path: 'remove/:roleId',
      features: ['Roles.Remove'],
      lazy: () => import('./remove-role-page').then((m) => ({ Component: m.RemoveRolePage })),
    },
  ],
} as const satisfies FeatureRoutes;
