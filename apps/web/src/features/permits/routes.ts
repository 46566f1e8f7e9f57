import type { FeatureRoutes } from '../../lib/feature-routes';

/**
 * /permits: the section wrapper around the list, add, bulk add, detail, edit, expire, cancel and an
 * upload's take-back, each its own chunk. The list, then add, then bulk add are where links lead;
 * expire and cancel need a permit from the list, so Permits.Disable alone opens nothing. A page the user may not use sends them to one they may.
 */
export const permitsRoutes = {
  path: '/permits',
  layout: () => import('./permits-layout').then((m) => ({ Component: m.PermitsLayout })),
  otherwise: 'entries',
  pages: [
    {
      features: ['Permits.View'],
      entry: true,
      lazy: () => import('./permits-page').then((m) => ({ Component: m.PermitsPage })),
    },
    {
      path: 'add',
      features: ['Permits.Add'],
      entry: true,
      lazy: () => import('./add-permit-page').then((m) => ({ Component: m.AddPermitPage })),
    },
    {
      path: 'bulk-add',
      features: ['Permits.BulkAdd'],
      entry: true,
      lazy: () => import('./bulk-add-page').then((m) => ({ Component: m.BulkAddPage })),
    },
    {
      path: 'view/:type/:permitId',
      features: ['Permits.View', 'Permits.Disable', 'Permits.Edit'],
      lazy: () => import('./permit-detail-page').then((m) => ({ Component: m.PermitDetailPage })),
    },
    {
      path: 'edit/:type/:permitId',
      features: ['Permits.Edit'],
      lazy: () => import('./edit-permit-page').then((m) => ({ Component: m.EditPermitPage })),
    },
    {
      path: 'disable/:type/:permitId',
      features: ['Permits.Disable'],
      lazy: () => import('./end-permit-page').then((m) => ({ Component: m.ExpirePermitPage })),
    },
    {
      path: 'cancel/:type/:permitId',
      features: ['Permits.Disable'],
      lazy: () => import('./end-permit-page').then((m) => ({ Component: m.CancelPermitPage })),
    },
    {
      path: 'uploads/:uploadId',
      features: ['Permits.Disable'],
      lazy: () => import('./take-back-upload-page').then((m) => ({ Component: m.TakeBackUploadPage })),
    },
  ],
} as const satisfies FeatureRoutes;
