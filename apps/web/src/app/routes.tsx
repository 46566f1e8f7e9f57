import { Navigate, type RouteObject } from 'react-router';
import { identityAccountPages, identityBareRoutes, identityPublicRoutes } from '../features/identity/routes';
import { invoicingRoutes } from '../features/invoicing/routes';
import { permitsRoutes } from '../features/permits/routes';
import { rolesFeatures, rolesRoutes } from '../features/roles/routes';
import { ticketsRoutes } from '../features/tickets/routes';
import { userAccountsFeatures, userAccountsRoutes } from '../features/user-accounts/routes';
import { accountRoute } from './account-routes';
import { adminRoutes } from './admin-routes';
import { featureSets } from './feature-sets';
import { RequireAuth, RequireFeature } from './guards';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './not-found-page';
import { PageLoader } from './page-loader';
import { RouteError } from './route-error';

/**
 * The route tree. Pages load lazily (one chunk per route). Feature areas join the signed-in group
 * wrapped in <RequireFeature features={featureSets.area} />, e.g. permits:
 *   { path: 'permits', element: <RequireFeature features={featureSets.permits} />, children: [...] }
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: identityPublicRoutes,
      },
      ...identityBareRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
          },
          accountRoute(identityAccountPages),
          ...adminRoutes,
          {
            path: 'permits',
            element: <RequireFeature features={featureSets.permits} />,
            children: permitsRoutes,
          },
          {
            path: 'tickets',
            element: <RequireFeature features={featureSets.tickets} />,
            children: ticketsRoutes,
          },
          {
            path: 'invoicing',
            element: <RequireFeature features={featureSets.invoicing} />,
            children: invoicingRoutes,
          },
          {
            path: 'admin/user/roles',
            element: <RequireFeature features={rolesFeatures} />,
            children: rolesRoutes,
          },
          {
            path: 'admin/user/accounts',
            element: <RequireFeature features={userAccountsFeatures} />,
            children: userAccountsRoutes,
          },
        ],
      },
      // Links from the previous portal's URLs.
      { path: 'clients/*', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
