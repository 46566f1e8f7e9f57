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

/**
 * /admin/retention (issue 28, decision 52): client administrators (Users.Add) shorten their company's
 * retention periods; the operator's administrators any company's.
 */
export const clientRetentionRoutes = {
  path: '/admin/retention',
  pages: [
    {
      features: ['Users.Add', 'Application.SysAdmin'],
      entry: true,
      title: 'privacy.clientRetention.title',
      lazy: () => import('./client-retention-page').then((m) => ({ Component: m.ClientRetentionPage })),
    },
  ],
} as const satisfies FeatureRoutes;

const noticePage = () => import('./privacy-notice-page').then((m) => ({ Component: m.PrivacyNoticePage }));

/**
 * /privacy: the privacy notice, open to anyone (linked from the footer and the sign-in page);
 * /privacy/car-parks/{site}: the same notice with the periods that apply at one car park (decision 54;
 * linked from the car park's visitor page).
 */
/**
 * A car park's notice: visitors open it from their phone (the visit page links to it), so signed out
 * it follows the device's colour mode as the visit page does (decision 54; app/chrome/color-mode).
 */
export const CAR_PARK_NOTICE_PATH = '/privacy/car-parks/:site';

export const privacyPublicRoutes: RouteObject[] = [
  { path: 'privacy', lazy: noticePage },
  { path: CAR_PARK_NOTICE_PATH, lazy: noticePage },
];
