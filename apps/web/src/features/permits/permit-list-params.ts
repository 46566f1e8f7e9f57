import {
  normaliseRegistration,
  type PermitFilter,
  type PermitState,
  permitStateSchema,
  VEHICLE_REGISTRATION_MAX,
} from '@client-portal/contract';

/** The site filter's value for every site (the server reads it as no site filter). */
export const ALL_SITES_PARAM = 'ALL';

/** The permit list's filters as kept in the query string (state, siteNumber, vehicleRegistration). */
export interface PermitListParams {
  state?: PermitState;
  /** A site or site-group number, or ALL_SITES_PARAM. */
  siteNumber?: string;
  /** Upper case, no spaces. */
  vehicleRegistration?: string;
  /** Only permits whose vehicle no camera read at the site since the permit started. */
  notSeen?: boolean;
}

/** What the user typed as a registration, as the filter keeps it: upper case, no spaces, at most 10 long. */
export function registrationInput(raw: string): string {
  return normaliseRegistration(raw).slice(0, VEHICLE_REGISTRATION_MAX);
}

/** Reads the filters from a query string; unknown states and empty values are no filter. */
export function readPermitListParams(search: URLSearchParams): PermitListParams {
  const state = permitStateSchema.safeParse(search.get('state'));
  const siteNumber = search.get('siteNumber')?.trim().toUpperCase();
  const vehicleRegistration = registrationInput(search.get('vehicleRegistration') ?? '');
  return {
    state: state.success ? state.data : undefined,
    siteNumber: siteNumber || undefined,
    vehicleRegistration: vehicleRegistration || undefined,
    notSeen: search.get('notSeen') === 'true' || undefined,
  };
}

/** The query string for the filters, leaving out those not set (in a fixed order, for stable URLs). */
export function writePermitListParams(params: PermitListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.state) search.set('state', params.state);
  if (params.siteNumber) search.set('siteNumber', params.siteNumber);
  if (params.vehicleRegistration) search.set('vehicleRegistration', params.vehicleRegistration);
  if (params.notSeen) search.set('notSeen', 'true');
  return search;
}

/** The API's filter for the list: 'all sites' is simply no site filter. */
export function permitApiFilter(params: PermitListParams): PermitFilter {
  return {
    state: params.state,
    siteNumber: params.siteNumber === ALL_SITES_PARAM ? undefined : params.siteNumber,
    vehicleRegistration: params.vehicleRegistration,
    notSeen: params.notSeen ? true : undefined,
  };
}

/** The list's own query string out of any page's (add, bulk add, expire carry it along): '?…' or ''. */
export function permitListSearch(search: string): string {
  const kept = writePermitListParams(readPermitListParams(new URLSearchParams(search))).toString();
  return kept ? `?${kept}` : '';
}

/** The permit list with its filters, for Cancel links and returns from the other permit pages. */
export function permitListPath(search: string): string {
  return `/permits${permitListSearch(search)}`;
}
