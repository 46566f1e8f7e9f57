import { twoFactorSetupSchema } from '@client-portal/contract';
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';

export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /user/two-factor/setup: a new secret, not in force until confirmed with a code. */
function startTwoFactorSetup(api: ApiClient): Promise<ApiResult<TwoFactorSetup>> {
  return api.post('/user/two-factor/setup', undefined, { schema: twoFactorSetupSchema });
}

export function useStartTwoFactorSetup() {
  return useApiMutation<void, TwoFactorSetup>((api) => startTwoFactorSetup(api));
}
