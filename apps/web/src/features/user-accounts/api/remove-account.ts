import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { forgetAccounts } from './list-accounts';

/** DELETE /user/accounts/{id}: the account can no longer sign in; its history is kept. */
function removeAccount(api: ApiClient, userId: string): Promise<ApiResult<unknown>> {
  return api.delete(`/user/accounts/${encodeURIComponent(userId)}`);
}

/** The lists are refreshed whatever the answer: the list page says which it was. */
export function useRemoveAccount() {
  return useApiMutation(removeAccount, (queryClient) => {
    void forgetAccounts(queryClient);
    return undefined;
  });
}
