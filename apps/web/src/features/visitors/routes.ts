import type { FeatureRoutes } from '../../lib/feature-routes';

/**
 * /visitor-links (issue 27, decision 47): a user who adds permits at a site makes its visitor links,
 * prints their posters and approves waiting visitors.
 */
export const visitorLinksRoutes = {
  path: '/visitor-links',
  pages: [
    {
      features: ['Permits.Add'],
      entry: true,
      title: 'visitors.title',
      lazy: () => import('./visitor-links-page').then((m) => ({ Component: m.VisitorLinksPage })),
    },
    {
      path: 'add',
      features: ['Permits.Add'],
      lazy: () => import('./visitor-link-form-page').then((m) => ({ Component: m.VisitorLinkFormPage })),
    },
    {
      path: ':id/edit',
      features: ['Permits.Add'],
      lazy: () => import('./visitor-link-form-page').then((m) => ({ Component: m.VisitorLinkFormPage })),
    },
    {
      path: ':id/poster',
      features: ['Permits.Add'],
      lazy: () => import('./poster-page').then((m) => ({ Component: m.PosterPage })),
    },
  ],
} as const satisfies FeatureRoutes;

/** The visitor's own pages: no sign-in, no portal chrome. */
export const visitPublicRoutes = [
  {
    path: 'visit/:token',
    lazy: () => import('./visit-page').then((m) => ({ Component: m.VisitPage })),
  },
  {
    path: 'visit/:token/kiosk',
    lazy: () => import('./visit-page').then((m) => ({ Component: m.KioskPage })),
  },
];
