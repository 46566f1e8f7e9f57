import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** POST /user/logout: ends the session on the server (by bearer token, or the refresh token). */
export function logout(api: ApiClient, refreshToken: string | undefined): Promise<ApiResult<unknown>> {
  return api.post('/user/logout', refreshToken ? { refreshToken } : {});
}
