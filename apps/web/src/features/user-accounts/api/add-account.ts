import { type UserAccount, type UserAccountInput, userAccountSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** POST /user/accounts: creates the account unconfirmed and mails the invitation. */
export function addAccount(api: ApiClient, body: UserAccountInput): Promise<ApiResult<UserAccount>> {
  return api.post('/user/accounts', body, { schema: userAccountSchema });
}
