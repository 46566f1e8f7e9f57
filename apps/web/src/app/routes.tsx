import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './guards';
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
        children: [
          {
            path: 'signin',
            lazy: () => import('../features/signin/sign-in-page').then((m) => ({ Component: m.SignInPage })),
          },
        ],
      },
      {
        path: 'signout',
        lazy: () => import('../features/signin/sign-out-page').then((m) => ({ Component: m.SignOutPage })),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
          },
        ],
      },
      // Links from the previous portal's URLs.
      { path: 'clients/*', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
