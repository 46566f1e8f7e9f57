import { type Page, type PageQuery, pageRequest } from '@client-portal/contract';
import { useState } from 'react';
import type { ServerPaging } from './data-table';
import type { SortState } from './data-table-types';

interface PagingState {
  sort: SortState;
  pageIndex: number;
  request: Pick<PageQuery, 'after' | 'before' | 'skip'>;
  /** The filters these pages belong to: new filters start again at the first page. */
  scope: string;
}

/**
 * The browser's side of server paging: which page and sort are shown and how to ask for another one
 * (keyset cursors from the page on screen, decision 10). `query` goes into the list's request; `table`
 * into DataTable's `paging` once the page has arrived.
 */
export function useServerPaging(defaultSort: SortState, scope: string) {
  const fresh = (sort: SortState): PagingState => ({ sort, pageIndex: 0, request: { skip: 0 }, scope });
  const [state, setState] = useState<PagingState>(() => fresh(defaultSort));
  const current = state.scope === scope ? state : fresh(state.sort);
  if (current !== state) setState(current);

  const query = {
    sort: current.sort.id,
    direction: current.sort.desc ? ('desc' as const) : ('asc' as const),
    ...current.request,
  };

  const table = (page: Page<unknown> | undefined, onExport?: () => void): ServerPaging => ({
    total: page?.total ?? 0,
    pageIndex: current.pageIndex,
    sort: current.sort,
    onPageChange: (target) => {
      if (!page || target === current.pageIndex) return;
      setState({
        ...current,
        pageIndex: target,
        request: pageRequest({ pageIndex: current.pageIndex, first: page.first, last: page.last }, target),
      });
    },
    onSortChange: (sort) => setState(fresh(sort)),
    onExport,
  });

  return { query, table };
}
