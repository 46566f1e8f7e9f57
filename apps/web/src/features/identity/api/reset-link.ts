import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';

/** POST /user/password/reset-link: the answer is the same whether or not the address has an account. */
function requestResetLink(api: ApiClient, email: string): Promise<ApiResult<unknown>> {
  // Asking again only sends another link (the answer never says whether the account exists): safe to retry.
  return api.post('/user/password/reset-link', { email }, { idempotent: true });
}

export function useRequestResetLink() {
  return useApiMutation(requestResetLink);
}
