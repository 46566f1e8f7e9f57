import type { FeatureName } from '@client-portal/contract';
import { invoicingRoutes } from '../../features/invoicing/routes';
import { notificationsSendRoutes } from '../../features/notifications/routes';
import { permitsRoutes } from '../../features/permits/routes';
import { reportsRoutes } from '../../features/reports/routes';
import { statisticsRoutes } from '../../features/statistics/routes';
import { ticketsRoutes } from '../../features/tickets/routes';
import { firstUsablePage } from '../../lib/entry-pages';
import { areaFeatures, entryPath } from '../../lib/feature-routes';
import type { UserInfo } from '../../lib/user-info';
import { ownAccountRoutes } from '../account-routes';
import { adminFeatures } from '../admin-links';

export interface NavItem {
  labelKey:
    | 'chrome.nav.dashboard'
    | 'chrome.nav.account'
    | 'chrome.nav.permits'
    | 'chrome.nav.tickets'
    | 'chrome.nav.invoicing'
    | 'chrome.nav.statistics'
    | 'chrome.nav.reports'
    | 'chrome.nav.sendNotifications'
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
  {
    area: ownAccountRoutes.path,
    labelKey: 'chrome.nav.account',
    target: only(ownAccountRoutes.path, areaFeatures(ownAccountRoutes)),
  },
  {
    area: permitsRoutes.path,
    labelKey: 'chrome.nav.permits',
    target: (userInfo) => entryPath(permitsRoutes, userInfo),
  },
  {
    area: ticketsRoutes.path,
    labelKey: 'chrome.nav.tickets',
    target: (userInfo) => entryPath(ticketsRoutes, userInfo),
  },
  {
    area: invoicingRoutes.path,
    labelKey: 'chrome.nav.invoicing',
    target: (userInfo) => entryPath(invoicingRoutes, userInfo),
  },
  {
    area: statisticsRoutes.path,
    labelKey: 'chrome.nav.statistics',
    target: (userInfo) => entryPath(statisticsRoutes, userInfo),
  },
  {
    area: reportsRoutes.path,
    labelKey: 'chrome.nav.reports',
    target: (userInfo) => entryPath(reportsRoutes, userInfo),
  },
  {
    area: notificationsSendRoutes.path,
    labelKey: 'chrome.nav.sendNotifications',
    target: (userInfo) => entryPath(notificationsSendRoutes, userInfo),
  },
  { area: '/admin', labelKey: 'chrome.nav.admin', target: only('/admin', adminFeatures) },
];
