import { tableStateSchema } from '@client-portal/contract';
import { type ListStateOptions, useListState } from '../../lib/use-list-state';
import type { ClientTableState } from './data-table';

/**
 * A browser-sorted table's sort column, direction and page kept in the page's address through the
 * contract's tableStateSchema (decision 28), for DataTable's `state`. Each change pushes a history entry.
 */
export function useTableState(options: ListStateOptions = {}): ClientTableState {
  const [state, setState] = useListState(tableStateSchema, options);
  return {
    sort: state.sort ? { id: state.sort, desc: state.direction === 'desc' } : undefined,
    pageIndex: state.page - 1,
    onChange: ({ sort, pageIndex }) =>
      setState({
        sort: sort?.id,
        direction: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
        page: pageIndex + 1,
      }),
  };
}
