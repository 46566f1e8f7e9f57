import { recoveryCodesSchema } from '@client-portal/contract';
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { userKeys } from '../../../lib/query-keys';

/** POST /user/two-factor/enable: confirms enrolment; answers the recovery codes, shown this once. */
function enableTwoFactor(
  api: ApiClient,
  code: string,
): Promise<ApiResult<z.infer<typeof recoveryCodesSchema>>> {
  return api.post('/user/two-factor/enable', { code }, { schema: recoveryCodesSchema });
}

/** The status shown on the page turns to on, refetched in the background. */
export function useEnableTwoFactor() {
  return useApiMutation(enableTwoFactor, (queryClient, result) => {
    if (result.ok) void queryClient.invalidateQueries({ queryKey: userKeys.twoFactor });
    return undefined;
  });
}
