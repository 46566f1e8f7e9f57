import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** POST /user/confirm with the code of an invitation link. */
export function confirmEmail(
  api: ApiClient,
  body: { code: string; email?: string },
): Promise<ApiResult<unknown>> {
  return api.post('/user/confirm', body);
}
