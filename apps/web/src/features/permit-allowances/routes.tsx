import type { FeatureName } from '@client-portal/contract';
import type { RouteObject } from 'react-router';
import { RequireFeature } from '../../components/require-feature';

/** The platform spec names Permits.Allowances as the allowances page's feature. */
export const permitAllowancesFeatures: readonly FeatureName[] = ['Permits.Allowances'];

/** /admin/permits/allowances, its own chunk. */
export const permitAllowancesRoute: RouteObject = {
  path: 'admin/permits/allowances',
  element: <RequireFeature features={permitAllowancesFeatures} />,
  children: [
    {
      index: true,
      lazy: () => import('./permit-allowances-page').then((m) => ({ Component: m.PermitAllowancesPage })),
    },
  ],
};
