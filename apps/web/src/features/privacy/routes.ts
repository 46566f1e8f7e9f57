import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../../lib/feature-routes';

/** /admin/privacy (issue 28): the operator's staff answer subject access and erasure requests. */
export const privacyRoutes = {
  path: '/admin/privacy',
  pages: [
    {
      features: ['Privacy.SubjectAccess'],
      entry: true,
      title: 'privacy.subjectAccess.title',
      lazy: () => import('./subject-access-page').then((m) => ({ Component: m.SubjectAccessPage })),
    },
  ],
} as const satisfies FeatureRoutes;

/** /privacy: the privacy notice, open to anyone (linked from the footer and the sign-in page). */
export const privacyPublicRoutes: RouteObject[] = [
  {
    path: 'privacy',
    lazy: () => import('./privacy-notice-page').then((m) => ({ Component: m.PrivacyNoticePage })),
  },
];
