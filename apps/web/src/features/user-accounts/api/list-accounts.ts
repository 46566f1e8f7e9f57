import {
  type Page,
  type UserAccountListItem,
  type UserAccountState,
  type UserAccountsPageQuery,
  userAccountPageSchema,
} from '@client-portal/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { userAccountKeys } from '../../../lib/query-keys';

export interface AccountFilters {
  /** Omitted for all accounts. */
  state?: UserAccountState;
  emailAddress?: string;
  siteNumbers: string[];
}

type AccountPageRequest = AccountFilters &
  Pick<UserAccountsPageQuery, 'sort' | 'direction' | 'after' | 'before' | 'skip'>;

/** GET /user/accounts?state=&emailAddress=&siteNumbers= (repeated) and paging: one page, by email. */
function fetchAccounts(
  api: ApiClient,
  request: AccountPageRequest,
  signal?: AbortSignal,
): Promise<Page<UserAccountListItem>> {
  const email = request.emailAddress?.trim();
  return api
    .get('/user/accounts', {
      signal,
      schema: userAccountPageSchema,
      query: {
        state: request.state,
        emailAddress: email || undefined,
        siteNumbers: request.siteNumbers,
        sort: request.sort,
        direction: request.direction,
        after: request.after,
        before: request.before,
        skip: request.skip || undefined,
      },
    })
    .then(unwrap);
}

/**
 * Reading the signal lets TanStack Query abort a request whose filters were replaced before it
 * answered (the list's key changes, the old query loses its last observer and is cancelled).
 */
function accountsQueryOptions(api: ApiClient, request: AccountPageRequest) {
  return queryOptions({
    queryKey: userAccountKeys.list(request),
    queryFn: ({ signal }) => fetchAccounts(api, request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccounts(request: AccountPageRequest) {
  return useQuery(accountsQueryOptions(useApiClient(), request));
}

/**
 * After an add, edit or remove: drops the cached lists, so the list page shows loading and then the
 * fresh answer rather than a moment of the old rows; single accounts and histories refetch too.
 */
export function forgetAccounts(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: userAccountKeys.lists });
  return queryClient.invalidateQueries({ queryKey: userAccountKeys.all });
}
