import type { RouteObject } from 'react-router';
import { settingPages } from '../features/app-settings/setting-pages';
import { permitAllowancesRoute } from '../features/permit-allowances/routes';
import { featureSets } from './feature-sets';
import { RequireFeature } from './guards';

/** /admin (the index of admin pages) and /admin/app-settings/*, each page gated by its own features. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: <RequireFeature features={featureSets.admin} />,
    children: [
      {
        index: true,
        lazy: () => import('./admin-index-page').then((m) => ({ Component: m.AdminIndexPage })),
      },
    ],
  },
  permitAllowancesRoute,
  ...settingPages.map(
    (page): RouteObject => ({
      path: `admin/app-settings/${page.slug}`,
      element: <RequireFeature features={page.features} />,
      children: [
        {
          index: true,
          lazy: () =>
            import('../features/app-settings/app-setting-page').then((m) => ({
              Component: () => <m.AppSettingPage page={page} />,
            })),
        },
      ],
    }),
  ),
];
