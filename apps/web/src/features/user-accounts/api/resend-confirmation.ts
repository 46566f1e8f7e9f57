import { userAccountSuccessSchema } from '@client-portal/contract';
import type { ApiClient } from '../../../lib/api-client';

/** POST /user/accounts/{id}/resend-confirmation: success is taken from the answer's success flag. */
export async function resendConfirmation(api: ApiClient, userId: string): Promise<boolean> {
  const result = await api.post(
    `/user/accounts/${encodeURIComponent(userId)}/resend-confirmation`,
    undefined,
    {
      schema: userAccountSuccessSchema,
    },
  );
  return result.ok && result.data.success;
}
