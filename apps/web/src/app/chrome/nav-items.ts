import type { FeatureName } from '@client-portal/contract';
import { permitsEntryPages } from '../../features/permits/permits-entry';
import { ticketsEntryPath } from '../../features/tickets/tickets-entry';
import { firstUsablePage } from '../../lib/entry-pages';
import type { UserInfo } from '../../lib/user-info';
import { adminFeatures } from '../admin-links';
import { featureSets } from '../feature-sets';

export interface NavItem {
  labelKey:
    | 'chrome.nav.dashboard'
    | 'chrome.nav.account'
    | 'chrome.nav.permits'
    | 'chrome.nav.tickets'
    | 'chrome.nav.invoicing'
    | 'chrome.nav.admin';
  /** The area's path: the entry is marked current on every page under it. */
  area: string;
  /** The page this user can use that the entry leads to; undefined hides the entry. */
  target: (userInfo: Pick<UserInfo, 'featureNames' | 'accessAllSites'>) => string | undefined;
}

const only = (to: string, features: readonly FeatureName[]) =>
  ((userInfo) => firstUsablePage(userInfo, [{ to, features }])) satisfies NavItem['target'];

/** A navbar entry shows only where it leads to a page the user can use. */
export const navItems: readonly NavItem[] = [
  { area: '/', labelKey: 'chrome.nav.dashboard', target: () => '/' },
  { area: '/account', labelKey: 'chrome.nav.account', target: only('/account', featureSets.account) },
  {
    area: '/permits',
    labelKey: 'chrome.nav.permits',
    target: (userInfo) => firstUsablePage(userInfo, permitsEntryPages),
  },
  {
    area: '/tickets',
    labelKey: 'chrome.nav.tickets',
    target: (userInfo) => {
      const to = ticketsEntryPath(userInfo);
      return to === '/' ? undefined : to;
    },
  },
  { area: '/invoicing', labelKey: 'chrome.nav.invoicing', target: only('/invoicing', featureSets.invoicing) },
  { area: '/admin', labelKey: 'chrome.nav.admin', target: only('/admin', adminFeatures) },
];
