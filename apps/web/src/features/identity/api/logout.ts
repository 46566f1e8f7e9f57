import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';

/** POST /user/logout: ends the session on the server (by bearer token, or the refresh token); ending it twice is harmless. */
function logout(api: ApiClient, refreshToken: string | undefined): Promise<ApiResult<unknown>> {
  return api.post('/user/logout', refreshToken ? { refreshToken } : {}, { idempotent: true });
}

export function useLogout() {
  return useApiMutation(logout);
}
