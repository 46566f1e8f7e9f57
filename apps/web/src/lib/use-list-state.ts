import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListState, type ListStateSchema, readListState, writeListState } from './list-state';

export interface ListStateOptions {
  /**
   * For one of several tables on a page whose address holds other state too: this table's fields are
   * named `{prefix}{field}` and the page's other parameters are kept. Without it the list owns the
   * whole query string and a change leaves out every parameter its schema does not know.
   */
  prefix?: string;
}

export interface SetListStateOptions {
  /** Replace the history entry (typing in a filter box) rather than push one (a page or sort change). */
  replace?: boolean;
}

export type SetListState<S extends ListStateSchema> = (
  next: Partial<ListState<S>> | ((current: ListState<S>) => Partial<ListState<S>>),
  options?: SetListStateOptions,
) => void;

/**
 * A list's filters, sort and page kept in the page's address (decision 28), read through the same
 * contract schema the server parses the list's query with: a reload or a shared link shows the same
 * page. Missing or invalid values are the schema's defaults. `setState` writes the whole new state
 * (pass a function of the current one to change a part) and pushes a history entry unless told to
 * replace it.
 */
export function useListState<S extends ListStateSchema>(
  schema: S,
  options: ListStateOptions = {},
): [ListState<S>, SetListState<S>] {
  const prefix = options.prefix ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const state = useMemo(
    () => readListState(schema, new URLSearchParams(search), prefix),
    [schema, search, prefix],
  );
  const setState = useCallback<SetListState<S>>(
    (next, { replace = false } = {}) =>
      setSearchParams(
        (current) => {
          const value = typeof next === 'function' ? next(readListState(schema, current, prefix)) : next;
          const own = writeListState(schema, value, prefix);
          if (!prefix) return own;
          const kept = new URLSearchParams(current);
          for (const key of Object.keys(schema.shape)) kept.delete(prefix + key);
          for (const [key, text] of own) kept.append(key, text);
          return kept;
        },
        { replace },
      ),
    [schema, prefix, setSearchParams],
  );
  return [state, setState];
}
