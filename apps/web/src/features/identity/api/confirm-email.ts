import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { identityKeys } from '../../../lib/query-keys';
import { type ConfirmState, confirmOutcome } from '../confirm/confirm-outcome';

/** POST /user/confirm with the code of an invitation link. */
function confirmEmail(api: ApiClient, body: { code: string; email?: string }): Promise<ApiResult<unknown>> {
  return api.post('/user/confirm', body);
}

/**
 * A query, not a mutation run from an effect: the code is single use, and the query runs it once
 * however often the page renders (React's development double effects included), keeping the outcome.
 */
export function confirmEmailQueryOptions(api: ApiClient, link: { code: string; email: string }) {
  return queryOptions({
    queryKey: identityKeys.confirmation(link.code, link.email),
    queryFn: async (): Promise<ConfirmState> =>
      link.code ? confirmOutcome(await confirmEmail(api, { code: link.code, email: link.email })) : 'failed',
    enabled: link.email !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
