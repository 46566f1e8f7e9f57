import type { RouteObject } from 'react-router';
import { RequireIdentitySession } from './account/require-identity-session';

/** Pages inside the public sign-in pane (banner and offer beside them). */
export const identityPublicRoutes: RouteObject[] = [
  {
    path: 'signin',
    lazy: () => import('./sign-in/sign-in-page').then((m) => ({ Component: m.SignInPage })),
  },
  {
    path: 'reset-password',
    lazy: () =>
      import('./reset-password/reset-request-page').then((m) => ({ Component: m.ResetRequestPage })),
  },
  {
    path: 'reset-password/confirm',
    lazy: () =>
      import('./reset-password/reset-confirm-page').then((m) => ({ Component: m.ResetConfirmPage })),
  },
  {
    path: 'user/confirm',
    lazy: () => import('./confirm/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage })),
  },
];

/** Pages with no pane around them. */
export const identityBareRoutes: RouteObject[] = [
  {
    path: 'signout',
    lazy: () => import('./sign-out-page').then((m) => ({ Component: m.SignOutPage })),
  },
  {
    path: 'sso',
    lazy: () => import('./sso/sso-page').then((m) => ({ Component: m.SsoPage })),
  },
];

/** Account pages of password sessions (the account layout hides their links from others). */
export const identityAccountPages: RouteObject[] = [
  {
    element: <RequireIdentitySession />,
    children: [
      {
        path: 'password',
        lazy: () =>
          import('./account/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
      },
      {
        path: 'two-factor',
        lazy: () => import('./account/two-factor-page').then((m) => ({ Component: m.TwoFactorPage })),
      },
    ],
  },
];
