import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { userKeys } from '../../../lib/query-keys';

/** POST /user/two-factor/disable with a current code or a recovery code. */
function disableTwoFactor(api: ApiClient, code: string): Promise<ApiResult<unknown>> {
  return api.post('/user/two-factor/disable', { code });
}

/** The status shown on the page turns to off, refetched in the background. */
export function useDisableTwoFactor() {
  return useApiMutation(disableTwoFactor, (queryClient, result) => {
    if (result.ok) void queryClient.invalidateQueries({ queryKey: userKeys.twoFactor });
    return undefined;
  });
}
