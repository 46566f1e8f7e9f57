import { isSiteGroupNumber, type Site, ukToday } from '@client-portal/contract';
import { defaultRange } from './invoice-dates';

/** What the query stage asks for; the end date is inclusive here. */
export interface InvoiceQuery {
  site: Site[];
  start: string;
  end: string;
}

/** The user's only site, when their access is exactly one specific site (not a group). */
export function onlySite(sites: readonly Site[] | undefined): Site | undefined {
  const only = sites?.length === 1 ? sites[0] : undefined;
  return only && !isSiteGroupNumber(only.siteNumber) ? only : undefined;
}

export function initialQuery(today = ukToday()): InvoiceQuery {
  return { site: [], ...defaultRange(today) };
}
