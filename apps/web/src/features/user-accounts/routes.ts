import type { FeatureRoutes } from '../../lib/feature-routes';

/**
 * /admin/user/accounts; any Users feature opens the area, each page's call is still checked by the
 * server. Edit, remove and audit act on one account, which only the list leads to.
 */
export const userAccountsRoutes = {
  path: '/admin/user/accounts',
  pages: [
    {
      // Without Users.View the list page itself redirects to add.
      features: ['Users.View'],
      checkedByPage: true,
      entry: true,
      lazy: () => import('./user-accounts-page').then((m) => ({ Component: m.UserAccountsPage })),
    },
    {
      path: 'add',
      features: ['Users.Add'],
      entry: true,
      lazy: () => import('./add-account-page').then((m) => ({ Component: m.AddAccountPage })),
    },
    {
      path: 'edit/:userId',
      features: ['Users.Edit'],
      lazy: () => import('./edit-account-page').then((m) => ({ Component: m.EditAccountPage })),
    },
    {
      path: 'remove/:userId',
      features: ['Users.Remove'],
      lazy: () => import('./remove-account-page').then((m) => ({ Component: m.RemoveAccountPage })),
    },
    {
      path: 'audit/:userId',
      features: ['Users.ViewHistory'],
      lazy: () => import('./account-audit-page').then((m) => ({ Component: m.AccountAuditPage })),
    },
  ],
} as const satisfies FeatureRoutes;
