import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** DELETE /user/accounts/{id}: the account can no longer sign in; its history is kept. */
export function removeAccount(api: ApiClient, userId: string): Promise<ApiResult<unknown>> {
  return api.delete(`/user/accounts/${encodeURIComponent(userId)}`);
}
