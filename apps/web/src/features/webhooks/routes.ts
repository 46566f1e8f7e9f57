import type { FeatureRoutes } from '../../lib/feature-routes';

/**
 * /admin/webhooks (issue 26, decision 45): the holders of Users.Add subscribe their company's URLs
 * to its events, rotate secrets, turn them on and off, delete them and read their delivery logs; the
 * operator's administrators (and its system administrators) see, turn off and delete every one.
 */
export const webhooksRoutes = {
  path: '/admin/webhooks',
  pages: [
    {
      features: ['Users.Add', 'Application.SysAdmin'],
      entry: true,
      title: 'webhooks.title',
      lazy: () => import('./webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
    },
    {
      path: 'add',
      features: ['Users.Add'],
      lazy: () => import('./add-webhook-page').then((m) => ({ Component: m.AddWebhookPage })),
    },
    {
      path: ':id',
      features: ['Users.Add', 'Application.SysAdmin'],
      lazy: () => import('./webhook-deliveries-page').then((m) => ({ Component: m.WebhookDeliveriesPage })),
    },
    {
      path: ':id/deliveries/:deliveryId',
      features: ['Users.Add', 'Application.SysAdmin'],
      lazy: () => import('./webhook-attempts-page').then((m) => ({ Component: m.WebhookAttemptsPage })),
    },
  ],
} as const satisfies FeatureRoutes;
