import { Navigate, type RouteObject } from 'react-router';
import { featureSets } from './feature-sets';
import { RequireFeature } from './guards';
import { AccountLayout } from './layouts/account-layout';
import { NotFoundPage } from './not-found-page';

/**
 * /account and its pages inside the account layout. Other areas add their account pages (password,
 * two-factor) as further children of the layout.
 */
export function accountRoute(extraPages: RouteObject[] = []): RouteObject {
  return {
    path: 'account',
    element: <RequireFeature features={featureSets.account} />,
    children: [
      {
        element: <AccountLayout />,
        children: [
          { index: true, element: <Navigate to="overview" replace /> },
          {
            path: 'overview',
            lazy: () =>
              import('../features/account/account-overview-page').then((m) => ({
                Component: m.AccountOverviewPage,
              })),
          },
          {
            path: 'support',
            lazy: () =>
              import('../features/account/account-support-page').then((m) => ({
                Component: m.AccountSupportPage,
              })),
          },
          ...extraPages,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  };
}
