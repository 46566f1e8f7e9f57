import type { FeatureRoutes } from '../../lib/feature-routes';

/** /invoicing: the wizard, its own chunk. */
export const invoicingRoutes = {
  path: '/invoicing',
  pages: [
    {
      features: ['Invoicing.Access'],
      entry: true,
      lazy: () => import('./invoicing-page').then((m) => ({ Component: m.InvoicingPage })),
    },
  ],
} as const satisfies FeatureRoutes;
