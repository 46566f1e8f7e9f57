import type { FeatureRoutes } from '../../lib/feature-routes';

/** /admin/permits/allowances, its own chunk; the platform spec names Permits.Allowances as its feature. */
export const permitAllowancesRoutes = {
  path: '/admin/permits/allowances',
  pages: [
    {
      features: ['Permits.Allowances'],
      entry: true,
      title: 'permitAllowances.title',
      lazy: () => import('./permit-allowances-page').then((m) => ({ Component: m.PermitAllowancesPage })),
    },
  ],
} as const satisfies FeatureRoutes;
