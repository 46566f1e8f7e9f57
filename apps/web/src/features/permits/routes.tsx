import type { RouteObject } from 'react-router';
import { RequireFeature } from '../../components/require-feature';

/** Children of /permits (the area guard admits any Permits feature); the list needs Permits.View. */
export const permitsRoutes: RouteObject[] = [
  {
    element: <RequireFeature features={['Permits.View']} />,
    children: [
      {
        index: true,
        lazy: () => import('./permits-page').then((m) => ({ Component: m.PermitsPage })),
      },
    ],
  },
];
