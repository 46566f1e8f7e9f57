import type { FeatureRoutes } from '../../lib/feature-routes';
import { settingPages } from './setting-pages';

/** /admin/app-settings/{slug}: one page per setting page, each opened by the features that change it. */
export const appSettingsRoutes = {
  path: '/admin/app-settings',
  pages: settingPages.map((page) => ({
    path: page.slug,
    features: page.features,
    entry: true,
    title: page.title,
    lazy: () =>
      import('./app-setting-page').then((m) => ({ Component: () => <m.AppSettingPage page={page} /> })),
  })),
} as const satisfies FeatureRoutes;
