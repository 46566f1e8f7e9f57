import { type ApiKeyInput, type CreatedApiKey, createdApiKeySchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { apiKeyKeys } from '../../../lib/query-keys';

/** POST /api-keys: the answer holds the key's text, shown this once. */
function addApiKey(api: ApiClient, body: ApiKeyInput): Promise<ApiResult<CreatedApiKey>> {
  return api.post('/api-keys', body, { schema: createdApiKeySchema });
}

export function useAddApiKey() {
  return useApiMutation(addApiKey, (queryClient, result) =>
    result.ok ? queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) : undefined,
  );
}
