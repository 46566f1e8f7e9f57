import type { FeatureRoutes } from '../../lib/feature-routes';

/**
 * /admin/api-keys (issue 26, decision 43): the holders of Users.Add list, create and revoke their
 * company's keys; the operator's administrators (and its system administrators) see and revoke
 * every key.
 */
export const apiKeysRoutes = {
  path: '/admin/api-keys',
  pages: [
    {
      features: ['Users.Add', 'Application.SysAdmin'],
      entry: true,
      title: 'apiKeys.title',
      lazy: () => import('./api-keys-page').then((m) => ({ Component: m.ApiKeysPage })),
    },
    {
      path: 'add',
      features: ['Users.Add'],
      lazy: () => import('./add-api-key-page').then((m) => ({ Component: m.AddApiKeyPage })),
    },
  ],
} as const satisfies FeatureRoutes;
