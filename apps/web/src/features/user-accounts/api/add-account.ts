import { type UserAccount, type UserAccountInput, userAccountSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { forgetAccounts } from './list-accounts';

/** POST /user/accounts: creates the account unconfirmed and mails the invitation. */
function addAccount(api: ApiClient, body: UserAccountInput): Promise<ApiResult<UserAccount>> {
  return api.post('/user/accounts', body, { schema: userAccountSchema });
}

export function useAddAccount() {
  return useApiMutation(addAccount, (queryClient, result) => {
    if (result.ok) void forgetAccounts(queryClient);
    return undefined;
  });
}
