import { ticketListQuerySchema } from '@client-portal/contract';
import { readListState, searchText, writeListState } from '../../lib/list-state';

/**
 * The list's own query string out of any page's (the cancel and reduce pages carry it along): its
 * filters, sort and page, so that a return shows the same page. '?…' or ''.
 */
export function ticketListSearch(search: string): string {
  return searchText(
    writeListState(ticketListQuerySchema, readListState(ticketListQuerySchema, new URLSearchParams(search))),
  );
}

/** The tickets list with its filters, for the Back links and returns from the action pages. */
export function ticketListPath(search: string): string {
  return `/tickets/list${ticketListSearch(search)}`;
}
