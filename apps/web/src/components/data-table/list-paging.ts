import { type Page, type PageQuery, pageRequest, shownPageIndex } from '@client-portal/contract';
import type { SetListStateOptions } from '../../lib/use-list-state';
import type { ServerPaging } from './data-table';
import type { SortState } from './data-table-types';

/** The paging fields of a server-paged list's state (the contract's pagingFields and its sort). */
export type PagedListState = Omit<PageQuery, 'sort'> & { sort?: string };

/** The same state at its first page: what a change of filters or sort starts from. */
export function withoutPaging<Q extends PagedListState>(state: Q): Q {
  return { ...state, after: undefined, before: undefined, skip: 0, page: undefined };
}

/**
 * Server paging kept in the list's address (decision 28): the list state read through its contract
 * schema (useListState) says which sort and page are shown; `request` is that state with the sort
 * resolved, the query the API reads; `table` goes into DataTable's `paging` once the page has arrived.
 * Page and sort changes push a history entry, so Back returns to the page before.
 */
export function listPaging<Q extends PagedListState>(
  state: Q,
  setState: (next: Q, options?: SetListStateOptions) => void,
  defaultSort: SortState,
) {
  // As the server orders: no sort is the default order; a sort without a direction is ascending.
  const sort: SortState = state.sort
    ? { id: state.sort, desc: state.direction === 'desc' }
    : { id: defaultSort.id, desc: state.direction ? state.direction === 'desc' : defaultSort.desc };
  const request: Q = { ...state, sort: sort.id, direction: sort.desc ? 'desc' : 'asc' };
  const pageIndex = shownPageIndex(state);

  const table = (
    page: Page<unknown> | undefined,
    onExport?: () => void,
    onExportWorkbook?: () => void,
  ): ServerPaging => ({
    total: page?.total ?? 0,
    pageIndex,
    sort,
    onPageChange: (target) => {
      if (!page || target === pageIndex) return;
      const cursor = pageRequest({ pageIndex, first: page.first, last: page.last }, target);
      setState({ ...withoutPaging(state), ...cursor, page: target + 1 });
    },
    onSortChange: (next) =>
      setState({ ...withoutPaging(state), sort: next.id, direction: next.desc ? 'desc' : 'asc' }),
    onExport,
    onExportWorkbook,
  });

  return { request, pageIndex, table };
}
