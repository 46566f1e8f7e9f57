import type { RouteObject } from 'react-router';

/** Children of /invoicing (the area guard admits Invoicing.Access): the wizard, its own chunk. */
export const invoicingRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./invoicing-page').then((m) => ({ Component: m.InvoicingPage })) },
];
