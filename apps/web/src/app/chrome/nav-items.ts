import type { FeatureName } from '@client-portal/contract';
import { invoicingRoutes } from '../../features/invoicing/routes';
import { notificationsSendRoutes } from '../../features/notifications/routes';
import { permitsRoutes } from '../../features/permits/routes';
import { reportsRoutes } from '../../features/reports/routes';
import { statisticsRoutes } from '../../features/statistics/routes';
import { ticketsRoutes } from '../../features/tickets/routes';
import { visitorLinksRoutes } from '../../features/visitors/routes';
import { firstUsablePage } from '../../lib/entry-pages';
import { areaFeatures, entryPath, type FeatureRoutes } from '../../lib/feature-routes';
import type { UserInfo } from '../../lib/user-info';
import { ownAccountRoutes } from '../account-routes';
import { adminFeatures } from '../admin-links';

interface NavItem {
  labelKey:
    | 'chrome.nav.dashboard'
    | 'chrome.nav.account'
    | 'chrome.nav.permits'
    | 'chrome.nav.tickets'
    | 'chrome.nav.visitors'
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

/** An area's entry: it leads to the first of the area's entry pages the user can use. */
const areaEntry = (labelKey: NavItem['labelKey'], routes: FeatureRoutes): NavItem => ({
  area: routes.path,
  labelKey,
  target: (userInfo) => entryPath(routes, userInfo),
});

/** An entry to one page, shown to holders of any of `features`. */
const pageEntry = (
  labelKey: NavItem['labelKey'],
  path: string,
  features: readonly FeatureName[],
): NavItem => ({
  area: path,
  labelKey,
  target: (userInfo) => firstUsablePage(userInfo, [{ to: path, features }]),
});

/** A navbar entry shows only where it leads to a page the user can use. */
export const navItems: readonly NavItem[] = [
  { area: '/', labelKey: 'chrome.nav.dashboard', target: () => '/' },
  pageEntry('chrome.nav.account', ownAccountRoutes.path, areaFeatures(ownAccountRoutes)),
  areaEntry('chrome.nav.permits', permitsRoutes),
  areaEntry('chrome.nav.visitors', visitorLinksRoutes),
  areaEntry('chrome.nav.tickets', ticketsRoutes),
  areaEntry('chrome.nav.invoicing', invoicingRoutes),
  areaEntry('chrome.nav.statistics', statisticsRoutes),
  areaEntry('chrome.nav.reports', reportsRoutes),
  areaEntry('chrome.nav.sendNotifications', notificationsSendRoutes),
  pageEntry('chrome.nav.admin', '/admin', adminFeatures),
];
