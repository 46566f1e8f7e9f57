import type { FeatureName } from '@client-portal/contract';
import type { RouteObject } from 'react-router';
import { RequireFeature } from '../../components/require-feature';

/** Any Users feature opens the area; each page's call is still checked by the server. */
export const userAccountsFeatures: readonly FeatureName[] = [
  'Users.View',
  'Users.Add',
  'Users.Edit',
  'Users.Remove',
  'Users.ViewHistory',
];

/**
 * The features that open a page without an account in hand: the list, or (without Users.View) add.
 * Edit, remove and audit act on one account, which only the list leads to.
 */
export const userAccountsEntryFeatures: readonly FeatureName[] = ['Users.View', 'Users.Add'];

/** A page only the holders of `feature` may open; others go to / (the area guard admits any Users.*). */
function gated(path: string, feature: FeatureName, lazy: RouteObject['lazy']): RouteObject {
  return { path, element: <RequireFeature features={[feature]} />, children: [{ index: true, lazy }] };
}

/** Children of /admin/user/accounts; each page is its own chunk. */
export const userAccountsRoutes: RouteObject[] = [
  // Without Users.View the list page itself redirects to add.
  {
    index: true,
    lazy: () => import('./user-accounts-page').then((m) => ({ Component: m.UserAccountsPage })),
  },
  gated('add', 'Users.Add', () =>
    import('./add-account-page').then((m) => ({ Component: m.AddAccountPage })),
  ),
  gated('edit/:userId', 'Users.Edit', () =>
    import('./edit-account-page').then((m) => ({ Component: m.EditAccountPage })),
  ),
  gated('remove/:userId', 'Users.Remove', () =>
    import('./remove-account-page').then((m) => ({ Component: m.RemoveAccountPage })),
  ),
  gated('audit/:userId', 'Users.ViewHistory', () =>
    import('./account-audit-page').then((m) => ({ Component: m.AccountAuditPage })),
  ),
];
