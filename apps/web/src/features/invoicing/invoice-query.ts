import {
  addIsoDays,
  type InvoiceDefinition,
  type InvoicePageQuery,
  type InvoiceResultsQuery,
  invoiceRangeSchema,
  isIsoDay,
  isSiteGroupNumber,
  type Site,
  ukToday,
} from '@client-portal/contract';
import { listPaging } from '../../components/data-table';
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

/** One page of an invoice as GET /invoice/{key}/{site} reads it (`skip` may be left out). */
export type InvoicePageRequest = Omit<InvoicePageQuery, 'skip' | 'page'> & { skip?: number };

/**
 * The request for the page the results' address names (decision 28): the wire range and, from the
 * address, the sort (resolved as the server resolves it, the definition's default when none) and the
 * cursors. The prepare stage and the results stage build it alike, so the page read while preparing is
 * the one the table shows first.
 */
export function invoicePageRequest(
  address: InvoiceResultsQuery,
  definition: InvoiceDefinition,
  range: { from: string; to: string },
): InvoicePageRequest {
  const defaultSort = {
    id: definition.defaultSort.column,
    desc: definition.defaultSort.direction === 'desc',
  };
  const { sort, direction, after, before, skip } = listPaging(address, () => {}, defaultSort).request;
  return { ...range, sort, direction, after, before, skip };
}

/** Whether two page requests ask for the same page. */
export const samePageRequest = (a: InvoicePageRequest, b: InvoicePageRequest) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The invoice an address names, when it names one whole (key, site and a range the rule allows). */
export function addressedInvoice(
  address: InvoiceResultsQuery,
  today = ukToday(),
): { key: string; site: string; start: string; end: string } | undefined {
  const { key, site, from, to } = address;
  if (!key || !site || !from || !to || !isIsoDay(from) || !isIsoDay(to)) return undefined;
  const end = addIsoDays(to, -1);
  return invoiceRangeSchema(today).safeParse({ start: from, end }).success
    ? { key, site, start: from, end }
    : undefined;
}
