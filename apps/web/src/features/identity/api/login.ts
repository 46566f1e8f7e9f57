import { type LoginRequest, type Tokens, tokensSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';

/** POST /user/login: password sign-in, with the two-factor (or recovery) code on the second step. */
function login(api: ApiClient, body: LoginRequest): Promise<ApiResult<Tokens>> {
  return api.post('/user/login', body, { schema: tokensSchema });
}

export function useLogin() {
  return useApiMutation(login);
}
