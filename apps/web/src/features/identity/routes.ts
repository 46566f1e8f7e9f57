import type { RouteObject } from 'react-router';
import type { FeaturePage } from '../../lib/feature-routes';

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

/** Pages of the user's own area (/account) for password sessions; others do not see their links. */
export const identityAccountPages: readonly FeaturePage[] = [
  {
    path: 'password',
    title: 'account.nav.password',
    passwordSessionOnly: true,
    lazy: () => import('./account/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
  },
  {
    path: 'two-factor',
    title: 'account.nav.twoFactor',
    passwordSessionOnly: true,
    lazy: () => import('./account/two-factor-page').then((m) => ({ Component: m.TwoFactorPage })),
  },
];
