import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** POST /user/password/reset-link: the answer is the same whether or not the address has an account. */
export function requestResetLink(api: ApiClient, email: string): Promise<ApiResult<unknown>> {
  return api.post('/user/password/reset-link', { email });
}
