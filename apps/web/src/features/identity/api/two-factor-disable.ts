import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** POST /user/two-factor/disable with a current code or a recovery code. */
export function disableTwoFactor(api: ApiClient, code: string): Promise<ApiResult<unknown>> {
  return api.post('/user/two-factor/disable', { code });
}
