import type { FeatureRoutes } from '../../lib/feature-routes';

/** /account: the user's own area (Self.View); other features add their pages to it in app/. */
export const accountRoutes = {
  path: '/account',
  features: ['Self.View'],
  pages: [
    {
      path: 'overview',
      entry: true,
      title: 'account.nav.overview',
      lazy: () => import('./account-overview-page').then((m) => ({ Component: m.AccountOverviewPage })),
    },
    {
      path: 'support',
      title: 'account.nav.support',
      lazy: () => import('./account-support-page').then((m) => ({ Component: m.AccountSupportPage })),
    },
  ],
} as const satisfies FeatureRoutes;
