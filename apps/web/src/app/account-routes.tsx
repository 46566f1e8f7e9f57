import { Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { identityAccountPages } from '../features/identity/routes';
import { notificationAccountPages } from '../features/notifications/routes';
import type { FeatureRoutes } from '../lib/feature-routes';
import { featureRouteObject } from './feature-route-objects';
import { NotFoundPage } from './not-found-page';

/** The user's own area: the account feature's pages, the notification email choices, then identity's (password, two-factor). */
export const ownAccountRoutes: FeatureRoutes = {
  ...accountRoutes,
  layout: () => import('./layouts/account-layout').then((m) => ({ Component: m.AccountLayout })),
  pages: [...accountRoutes.pages, ...notificationAccountPages, ...identityAccountPages],
};

/** /account and its pages inside the account layout; /account itself shows the overview. */
export const accountRoute: RouteObject = featureRouteObject(ownAccountRoutes, [
  { index: true, element: <Navigate to="overview" replace /> },
  { path: '*', element: <NotFoundPage /> },
]);
