import { Navigate, type RouteObject } from 'react-router';
import { identityBareRoutes, identityPublicRoutes } from '../features/identity/routes';
import { invoicingRoutes } from '../features/invoicing/routes';
import { notificationsRoutes } from '../features/notifications/routes';
import { permitsRoutes } from '../features/permits/routes';
import { privacyPublicRoutes } from '../features/privacy/routes';
import { reportsRoutes } from '../features/reports/routes';
import { statisticsRoutes } from '../features/statistics/routes';
import { ticketsRoutes } from '../features/tickets/routes';
import { visitorLinksRoutes, visitPublicRoutes } from '../features/visitors/routes';
import { accountRoute } from './account-routes';
import { adminRoutes } from './admin-routes';
import { featureRouteObject } from './feature-route-objects';
import { RequireAuth } from './guards';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './not-found-page';
import { PageLoader } from './page-loader';
import { RouteError } from './route-error';

/**
 * The route tree. Pages load lazily (one chunk per route). Each feature declares one routes object
 * (lib/feature-routes: its paths and the features that open them); featureRouteObject turns it into
 * its branch here, and the navbar and /admin build their links from the same object.
 */
export const routes: RouteObject[] = [
  // The visitor's own pages (issue 27): no sign-in and none of the portal's chrome.
  ...visitPublicRoutes.map((route) => ({ ...route, errorElement: <RouteError /> })),
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [...identityPublicRoutes, ...privacyPublicRoutes],
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
          accountRoute,
          // Every signed-in user's help (issue 24), linked from the top bar.
          {
            path: 'help',
            lazy: () => import('../features/help/help-page').then((m) => ({ Component: m.HelpPage })),
          },
          featureRouteObject(notificationsRoutes),
          ...adminRoutes,
          featureRouteObject(permitsRoutes),
          featureRouteObject(ticketsRoutes),
          featureRouteObject(visitorLinksRoutes),
          featureRouteObject(invoicingRoutes),
          featureRouteObject(statisticsRoutes),
          featureRouteObject(reportsRoutes),
        ],
      },
      // Links from the previous portal's URLs.
      { path: 'clients/*', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
