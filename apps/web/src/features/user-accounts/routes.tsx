import type { FeatureName } from '@client-portal/contract';
import type { RouteObject } from 'react-router';

/** Any Users feature opens the area; each page's call is still checked by the server. */
export const userAccountsFeatures: readonly FeatureName[] = [
  'Users.View',
  'Users.Add',
  'Users.Edit',
  'Users.Remove',
  'Users.ViewHistory',
];

/** Children of /admin/user/accounts; each page is its own chunk. */
export const userAccountsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./user-accounts-page').then((m) => ({ Component: m.UserAccountsPage })),
  },
  { path: 'add', lazy: () => import('./add-account-page').then((m) => ({ Component: m.AddAccountPage })) },
  {
    path: 'edit/:userId',
    lazy: () => import('./edit-account-page').then((m) => ({ Component: m.EditAccountPage })),
  },
  {
    path: 'remove/:userId',
    lazy: () => import('./remove-account-page').then((m) => ({ Component: m.RemoveAccountPage })),
  },
  {
    path: 'audit/:userId',
    lazy: () => import('./account-audit-page').then((m) => ({ Component: m.AccountAuditPage })),
  },
];
