import type { FeatureRoutes } from '../../lib/feature-routes';

/** /statistics: the page, its own chunk. */
export const statisticsRoutes = {
  path: '/statistics',
  pages: [
    {
      features: ['Statistics.Access'],
      entry: true,
      lazy: () => import('./statistics-page').then((m) => ({ Component: m.StatisticsPage })),
    },
  ],
} as const satisfies FeatureRoutes;
