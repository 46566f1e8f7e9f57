import type { FeaturePage, FeatureRoutes } from '../../lib/feature-routes';

/** /notifications: the notification centre; every signed-in user has one. */
export const notificationsRoutes = {
  path: '/notifications',
  features: ['Self.View'],
  pages: [
    {
      lazy: () => import('./notification-centre-page').then((m) => ({ Component: m.NotificationCentrePage })),
    },
  ],
} as const satisfies FeatureRoutes;

/** /admin/notifications: the send page, for holders of Notifications.Send. */
export const notificationsSendRoutes = {
  path: '/admin/notifications',
  pages: [
    {
      features: ['Notifications.Send'],
      entry: true,
      lazy: () =>
        import('./send/send-notifications-page').then((m) => ({ Component: m.SendNotificationsPage })),
    },
  ],
} as const satisfies FeatureRoutes;

/** The notification email choices, a page of the user's own account area (composed in app/). */
export const notificationAccountPages: readonly FeaturePage[] = [
  {
    path: 'notifications',
    title: 'account.nav.notifications',
    lazy: () =>
      import('./preferences/notification-preferences-page').then((m) => ({
        Component: m.NotificationPreferencesPage,
      })),
  },
];
