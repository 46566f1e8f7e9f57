import { type Permit, type PermitKey, permitSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { permitPath } from './get-permit';
import { invalidatePermitQueries } from './invalidate-permit-queries';

/** POST /permits/{type}/{permitId}/expire: ends the permit now; 409 when not started or already ended. */
function expirePermit(api: ApiClient, key: PermitKey): Promise<ApiResult<Permit>> {
  return api.post(`${permitPath(key)}/expire`, undefined, { schema: permitSchema });
}

export function useExpirePermit() {
  return useApiMutation(expirePermit, (queryClient, result) =>
    result.ok ? invalidatePermitQueries(queryClient) : undefined,
  );
}
