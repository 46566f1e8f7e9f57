import type { FeatureName } from '@client-portal/contract';
import { featureSets } from '../feature-sets';

export interface NavItem {
  to: string;
  labelKey:
    | 'chrome.nav.dashboard'
    | 'chrome.nav.account'
    | 'chrome.nav.permits'
    | 'chrome.nav.tickets'
    | 'chrome.nav.invoicing'
    | 'chrome.nav.admin';
  /** Shown when the user holds any of these; undefined means every signed-in user. */
  features?: readonly FeatureName[];
}

export const navItems: readonly NavItem[] = [
  { to: '/', labelKey: 'chrome.nav.dashboard' },
  { to: '/account', labelKey: 'chrome.nav.account', features: featureSets.account },
  { to: '/permits', labelKey: 'chrome.nav.permits', features: featureSets.permits },
  { to: '/tickets', labelKey: 'chrome.nav.tickets', features: featureSets.tickets },
  { to: '/invoicing', labelKey: 'chrome.nav.invoicing', features: featureSets.invoicing },
  { to: '/admin', labelKey: 'chrome.nav.admin', features: featureSets.admin },
];
