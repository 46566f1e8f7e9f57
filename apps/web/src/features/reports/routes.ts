import type { FeatureRoutes } from '../../lib/feature-routes';

/** /reports: the catalogue of downloadable reports and the user's email subscriptions. */
export const reportsRoutes = {
  path: '/reports',
  pages: [
    {
      features: ['Reports.Access'],
      entry: true,
      lazy: () => import('./reports-page').then((m) => ({ Component: m.ReportsPage })),
    },
  ],
} as const satisfies FeatureRoutes;
