import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, ApiResult } from './api-client';
import { useApiClient } from './api-context';

/**
 * A write as a TanStack mutation. `mutateAsync(vars)` answers the call's ApiResult (a form reads its
 * problem details from it; nothing is thrown), and `refresh` then brings the cache up to date through
 * the key factories (lib/query-keys) after every answer: it decides by `result.ok` what to refresh.
 * Whatever `refresh` returns is awaited before `mutateAsync` answers, so return the promise when the
 * next screen must show the fresh data, and nothing to refresh in the background.
 */
export function useApiMutation<TVars, TData>(
  call: (api: ApiClient, vars: TVars) => Promise<ApiResult<TData>>,
  refresh?: (queryClient: QueryClient, result: ApiResult<TData>, vars: TVars) => Promise<unknown> | undefined,
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => call(api, vars),
    onSuccess: (result, vars) => refresh?.(queryClient, result, vars),
  });
}
