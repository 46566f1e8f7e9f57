import type { FeatureRoutes } from '../../lib/feature-routes';

/** /admin/jobs: the operator administrators' view of background work (issue 25, decision 40). */
export const backgroundJobsRoutes = {
  path: '/admin/jobs',
  pages: [
    {
      features: ['Application.SysAdmin'],
      entry: true,
      title: 'backgroundJobs.title',
      lazy: () => import('./background-jobs-page').then((m) => ({ Component: m.BackgroundJobsPage })),
    },
  ],
} as const satisfies FeatureRoutes;
