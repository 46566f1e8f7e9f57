import type { FeatureName } from '@client-portal/contract';
import type { ParseKeys } from 'i18next';
import { apiKeysRoutes } from '../features/api-keys/routes';
import { appSettingsRoutes } from '../features/app-settings/routes';
import { backgroundJobsRoutes } from '../features/background-jobs/routes';
import { permitAllowancesRoutes } from '../features/permit-allowances/routes';
import { clientRetentionRoutes, privacyRoutes } from '../features/privacy/routes';
import { rolesRoutes } from '../features/roles/routes';
import { userAccountsRoutes } from '../features/user-accounts/routes';
import { webhooksRoutes } from '../features/webhooks/routes';
import { entryFeatures, type FeatureRoutes, pagePath } from '../lib/feature-routes';

export interface AdminLink {
  to: string;
  title: ParseKeys;
  features: readonly FeatureName[];
}

/** One link to an area, shown to whoever can use one of its entry pages (its list, or add). */
const areaLink = (area: FeatureRoutes, title: ParseKeys): AdminLink => ({
  to: area.path,
  title,
  features: entryFeatures(area),
});

/** One link per entry page of an area, each with the page's own title and features. */
const pageLinks = (area: FeatureRoutes): AdminLink[] =>
  area.pages.flatMap((page) =>
    page.entry === true && page.title && page.features
      ? [{ to: pagePath(area, page), title: page.title, features: page.features }]
      : [],
  );

/** The links of /admin, each shown to the users who can use the page it leads to. */
export const adminUserLinks: readonly AdminLink[] = [
  areaLink(userAccountsRoutes, 'chrome.admin.accounts'),
  areaLink(rolesRoutes, 'chrome.admin.roles'),
  areaLink(apiKeysRoutes, 'chrome.admin.apiKeys'),
  areaLink(webhooksRoutes, 'chrome.admin.webhooks'),
  areaLink(privacyRoutes, 'chrome.admin.privacy'),
  areaLink(clientRetentionRoutes, 'chrome.admin.retention'),
];

export const adminSettingLinks: readonly AdminLink[] = [
  ...pageLinks(appSettingsRoutes),
  ...pageLinks(permitAllowancesRoutes),
  ...pageLinks(backgroundJobsRoutes),
];

/** Every feature that shows at least one link on /admin: the admin area opens for these. */
export const adminFeatures: readonly FeatureName[] = [
  ...new Set([...adminSettingLinks, ...adminUserLinks].flatMap((link) => link.features)),
];
