import { recoveryCodesSchema } from '@client-portal/contract';
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** POST /user/two-factor/enable: confirms enrolment; answers the recovery codes, shown this once. */
export function enableTwoFactor(
  api: ApiClient,
  code: string,
): Promise<ApiResult<z.infer<typeof recoveryCodesSchema>>> {
  return api.post('/user/two-factor/enable', { code }, { schema: recoveryCodesSchema });
}
