import {
  type UserAccountListItem,
  type UserAccountState,
  userAccountListItemSchema,
} from '@client-portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

export interface AccountFilters {
  /** Omitted for all accounts. */
  state?: UserAccountState;
  emailAddress?: string;
  siteNumbers: string[];
}

export const accountsQueryKey = ['user-accounts'] as const;

const listSchema = z.array(userAccountListItemSchema);

/** GET /user/accounts?state=&emailAddress=&siteNumbers= (repeated); the signal cancels it. */
export function fetchAccounts(
  api: ApiClient,
  filters: AccountFilters,
  signal?: AbortSignal,
): Promise<UserAccountListItem[]> {
  const email = filters.emailAddress?.trim();
  return api
    .get('/user/accounts', {
      signal,
      schema: listSchema,
      query: { state: filters.state, emailAddress: email || undefined, siteNumbers: filters.siteNumbers },
    })
    .then(unwrap);
}

/**
 * Reading the signal lets TanStack Query abort a request whose filters were replaced before it
 * answered (the list's key changes, the old query loses its last observer and is cancelled).
 */
export function accountsQueryOptions(api: ApiClient, filters: AccountFilters) {
  return queryOptions({
    queryKey: [...accountsQueryKey, 'list', filters],
    queryFn: ({ signal }) => fetchAccounts(api, filters, signal),
  });
}

export function useAccounts(filters: AccountFilters) {
  return useQuery(accountsQueryOptions(useApiClient(), filters));
}

/**
 * After an add, edit or remove: drops the cached lists, so the list page shows loading and then the
 * fresh answer rather than a moment of the old rows; single accounts and histories refetch too.
 */
export function forgetAccounts(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: [...accountsQueryKey, 'list'] });
  return queryClient.invalidateQueries({ queryKey: accountsQueryKey });
}
