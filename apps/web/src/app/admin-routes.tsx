import type { RouteObject } from 'react-router';
import { apiKeysRoutes } from '../features/api-keys/routes';
import { appSettingsRoutes } from '../features/app-settings/routes';
import { backgroundJobsRoutes } from '../features/background-jobs/routes';
import { notificationsSendRoutes } from '../features/notifications/routes';
import { permitAllowancesRoutes } from '../features/permit-allowances/routes';
import { clientRetentionRoutes, privacyRoutes } from '../features/privacy/routes';
import { rolesRoutes } from '../features/roles/routes';
import { userAccountsRoutes } from '../features/user-accounts/routes';
import { webhooksRoutes } from '../features/webhooks/routes';
import { adminFeatures } from './admin-links';
import { featureRouteObject } from './feature-route-objects';
import { RequireFeature } from './guards';
import { NotFoundPage } from './not-found-page';

/** /admin (the index of admin pages) and the admin areas, each page checked by its own features. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: <RequireFeature features={adminFeatures} />,
    children: [
      {
        index: true,
        lazy: () => import('./admin-index-page').then((m) => ({ Component: m.AdminIndexPage })),
      },
    ],
  },
  // The settings pages have no index of their own: /admin lists them.
  featureRouteObject(appSettingsRoutes, [{ index: true, element: <NotFoundPage /> }]),
  featureRouteObject(permitAllowancesRoutes),
  featureRouteObject(backgroundJobsRoutes),
  featureRouteObject(rolesRoutes),
  featureRouteObject(userAccountsRoutes),
  featureRouteObject(apiKeysRoutes),
  featureRouteObject(webhooksRoutes),
  featureRouteObject(privacyRoutes),
  featureRouteObject(clientRetentionRoutes),
  featureRouteObject(notificationsSendRoutes),
];
