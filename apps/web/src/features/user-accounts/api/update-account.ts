import {
  type UserAccountInput,
  type UserAccountUpdateResult,
  userAccountUpdateResultSchema,
} from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { forgetAccounts } from './list-accounts';

/**
 * PUT /user/accounts/{id}. An answer of `success: false` with messages is a validation failure too,
 * so it is turned into the same shape as a 400 problem for the form's feedback.
 */
async function updateAccount(
  api: ApiClient,
  userId: string,
  body: UserAccountInput,
): Promise<ApiResult<UserAccountUpdateResult>> {
  const result = await api.put(`/user/accounts/${encodeURIComponent(userId)}`, body, {
    schema: userAccountUpdateResultSchema,
  });
  if (!result.ok || result.data.success) return result;
  return {
    ok: false,
    status: result.status,
    problem: { title: 'Bad Request', status: 400, errors: result.data.messages },
    error: { name: 'ProblemDetails', message: 'Validation failed' },
  };
}

export function useUpdateAccount(userId: string) {
  return useApiMutation(
    (api, body: UserAccountInput) => updateAccount(api, userId, body),
    (queryClient, result) => {
      if (result.ok) void forgetAccounts(queryClient);
      return undefined;
    },
  );
}
