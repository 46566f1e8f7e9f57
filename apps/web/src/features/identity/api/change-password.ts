import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';

/** POST /user/password: password sessions only; ends the user's other sessions. */
function changePassword(
  api: ApiClient,
  body: { oldPassword: string; newPassword: string; confirmPassword: string },
): Promise<ApiResult<unknown>> {
  return api.post('/user/password', body);
}

export function useChangePassword() {
  return useApiMutation(changePassword);
}
