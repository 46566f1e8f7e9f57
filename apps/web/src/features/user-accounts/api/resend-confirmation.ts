import { userAccountSuccessSchema } from '@client-portal/contract';
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';

type UserAccountSuccess = z.infer<typeof userAccountSuccessSchema>;

/** POST /user/accounts/{id}/resend-confirmation: a new invitation email; nothing cached changes. */
function resendConfirmation(api: ApiClient, userId: string): Promise<ApiResult<UserAccountSuccess>> {
  return api.post(`/user/accounts/${encodeURIComponent(userId)}/resend-confirmation`, undefined, {
    schema: userAccountSuccessSchema,
  });
}

/** Success is taken from the answer's success flag. */
export const resent = (result: ApiResult<UserAccountSuccess>) => result.ok && result.data.success;

export function useResendConfirmation() {
  return useApiMutation(resendConfirmation);
}
