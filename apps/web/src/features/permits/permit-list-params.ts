import { type PermitListQuery, permitListQuerySchema } from '@client-portal/contract';
import { readListState, searchText, writeListState } from '../../lib/list-state';

/** The site filter's value for every site (the server reads it as no site filter). */
export { ALL_SITES_PARAM } from '@client-portal/contract';

/**
 * The permit list's filters: its state (permitListQuerySchema, kept in the query string, decision 28)
 * less the sort and paging. The site is a site or group number or ALL_SITES_PARAM; `q` the search
 * box (part of a plate, a reference or a driver's name); the registration (an exact plate, upper
 * case without spaces, from links) ; notSeen only permits whose vehicle no camera read since they started.
 */
export type PermitListParams = Pick<
  PermitListQuery,
  'state' | 'siteNumber' | 'q' | 'vehicleRegistration' | 'notSeen'
>;

/** The filters out of a query string (through the contract); unknown states and empty values are no filter. */
export function readPermitListParams(search: URLSearchParams): PermitListParams {
  const { state, siteNumber, q, vehicleRegistration, notSeen } = readListState(permitListQuerySchema, search);
  return { state, siteNumber, q, vehicleRegistration, notSeen };
}

/** The query string of the list's state, leaving out what is not set (in the schema's order, for stable URLs). */
export function writePermitListParams(params: Partial<PermitListQuery>): URLSearchParams {
  return writeListState(permitListQuerySchema, params);
}

/**
 * The list's own query string out of any page's (add, bulk add, expire carry it along): its filters,
 * sort and page, so a return shows the same page. '?…' or ''.
 */
export function permitListSearch(search: string): string {
  return searchText(writePermitListParams(readListState(permitListQuerySchema, new URLSearchParams(search))));
}

/** The permit list with its filters, for Cancel links and returns from the other permit pages. */
export function permitListPath(search: string): string {
  return `/permits${permitListSearch(search)}`;
}
