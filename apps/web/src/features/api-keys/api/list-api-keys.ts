import { type ApiKeyPage, type ApiKeysPageQuery, apiKeyPageSchema } from '@client-portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { apiKeyKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

type ApiKeyPageRequest = Pick<ApiKeysPageQuery, 'state' | 'sort' | 'direction' | 'after' | 'before' | 'skip'>;

/** GET /api-keys?state=&paging: one page of the keys the caller sees, newest first. */
function fetchApiKeys(api: ApiClient, request: ApiKeyPageRequest, signal?: AbortSignal): Promise<ApiKeyPage> {
  return api
    .get('/api-keys', {
      signal,
      schema: apiKeyPageSchema,
      query: {
        state: request.state,
        sort: request.sort,
        direction: request.direction,
        after: request.after,
        before: request.before,
        skip: request.skip || undefined,
      },
    })
    .then(unwrap);
}

export function useApiKeys(request: ApiKeyPageRequest) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: apiKeyKeys.list(email, request),
    queryFn: ({ signal }) => fetchApiKeys(api, request, signal),
    placeholderData: keepPreviousData,
  });
}
