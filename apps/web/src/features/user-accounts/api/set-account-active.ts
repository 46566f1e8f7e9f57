import { type UserAccount, userAccountSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { userAccountKeys } from '../../../lib/query-keys';
import { forgetAccounts } from './list-accounts';

/**
 * PUT /user/accounts/{id}/active (decision 51): deactivated, the account cannot sign in and its
 * sessions end at once; activated, it signs in again. The answer is the account as it is now.
 */
function setAccountActive(
  api: ApiClient,
  change: { userId: string; active: boolean },
): Promise<ApiResult<UserAccount>> {
  return api.put(
    `/user/accounts/${encodeURIComponent(change.userId)}/active`,
    { active: change.active },
    { schema: userAccountSchema },
  );
}

export function useSetAccountActive() {
  return useApiMutation(setAccountActive, (queryClient, result, change) => {
    if (result.ok) queryClient.setQueryData(userAccountKeys.one(change.userId), result.data);
    void forgetAccounts(queryClient);
    return undefined;
  });
}
