import type { FeatureName } from '@client-portal/contract';
import type { RouteObject } from 'react-router';
import { RequireFeature } from '../../components/require-feature';
import { permitsEntryPages } from './permits-entry';

/**
 * A page only the holders of `feature` may open; others go to the first permits page they can use,
 * else to / (the area guard admits any Permits.*).
 */
function gated(path: string | undefined, feature: FeatureName, lazy: RouteObject['lazy']): RouteObject {
  const page: RouteObject = path === undefined ? { index: true, lazy } : { path, lazy };
  return {
    element: <RequireFeature features={[feature]} otherwise={permitsEntryPages} />,
    children: [page],
  };
}

/** Children of /permits: the section wrapper around the list, add, bulk add and expire, each its own chunk. */
export const permitsRoutes: RouteObject[] = [
  {
    lazy: () => import('./permits-layout').then((m) => ({ Component: m.PermitsLayout })),
    children: [
      gated(undefined, 'Permits.View', () =>
        import('./permits-page').then((m) => ({ Component: m.PermitsPage })),
      ),
      gated('add', 'Permits.Add', () =>
        import('./add-permit-page').then((m) => ({ Component: m.AddPermitPage })),
      ),
      gated('bulk-add', 'Permits.BulkAdd', () =>
        import('./bulk-add-page').then((m) => ({ Component: m.BulkAddPage })),
      ),
      gated('disable/:type/:permitId', 'Permits.Disable', () =>
        import('./expire-permit-page').then((m) => ({ Component: m.ExpirePermitPage })),
      ),
    ],
  },
];
