import { type ApiKey, apiKeySchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { apiKeyKeys } from '../../../lib/query-keys';

/** POST /api-keys/{id}/revoke */
function revokeApiKey(api: ApiClient, id: string): Promise<ApiResult<ApiKey>> {
  return api.post(`/api-keys/${encodeURIComponent(id)}/revoke`, undefined, { schema: apiKeySchema });
}

export function useRevokeApiKey() {
  return useApiMutation(revokeApiKey, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  );
}
