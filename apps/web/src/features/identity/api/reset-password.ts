import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { resetCodePath } from './reset-code';

/** POST /user/password/reset/{code}: sets the new password; ends every session of the account. */
function resetPassword(
  api: ApiClient,
  code: string,
  body: { password: string; confirmPassword: string },
): Promise<ApiResult<unknown>> {
  return api.post(resetCodePath(code), body);
}

export function useResetPassword(code: string) {
  return useApiMutation((api, body: { password: string; confirmPassword: string }) =>
    resetPassword(api, code, body),
  );
}
