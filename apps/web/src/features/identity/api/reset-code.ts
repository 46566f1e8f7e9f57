import type { ApiClient, ApiResult } from '../../../lib/api-client';

/**
 * Path of a reset code. Encoded twice (spec section 7): the server's router undoes one encoding and
 * the route the other, so codes with reserved characters survive proxies that decode paths.
 */
export const resetCodePath = (code: string) =>
  `/user/password/reset/${encodeURIComponent(encodeURIComponent(code))}`;

/** GET /user/password/reset/{code}: 204 when the code is usable, 404 when unknown, used or expired. */
export function checkResetCode(
  api: ApiClient,
  code: string,
  signal?: AbortSignal,
): Promise<ApiResult<unknown>> {
  return api.get(resetCodePath(code), { signal });
}
