import type { FeatureName } from '@client-portal/contract';
import type { ParseKeys } from 'i18next';
import { settingPages } from '../features/app-settings/setting-pages';
import { permitAllowancesFeatures } from '../features/permit-allowances/routes';
import { rolesEntryFeatures } from '../features/roles/routes';
import { userAccountsEntryFeatures } from '../features/user-accounts/routes';

export interface AdminLink {
  to: string;
  title: ParseKeys;
  features: readonly FeatureName[];
}

/** The links of /admin, each shown to the users who can use the page it leads to. */
export const adminUserLinks: readonly AdminLink[] = [
  { to: '/admin/user/accounts', title: 'chrome.admin.accounts', features: userAccountsEntryFeatures },
  { to: '/admin/user/roles', title: 'chrome.admin.roles', features: rolesEntryFeatures },
];

export const adminSettingLinks: readonly AdminLink[] = [
  ...settingPages.map((page) => ({
    to: `/admin/app-settings/${page.slug}`,
    title: page.title,
    features: page.features,
  })),
  { to: '/admin/permits/allowances', title: 'permitAllowances.title', features: permitAllowancesFeatures },
];

/** Every feature that shows at least one link on /admin: the admin area opens for these. */
export const adminFeatures: readonly FeatureName[] = [
  ...new Set([...adminSettingLinks, ...adminUserLinks].flatMap((link) => link.features)),
];
