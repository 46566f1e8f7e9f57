import { type Permit, type PermitKey, permitSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { permitPath } from './get-permit';
import { invalidatePermitQueries } from './invalidate-permit-queries';

/** How a permit is ended early: expired once started, cancelled (taken back) before it starts. */
export type PermitEnding = 'expire' | 'cancel';

/**
 * POST /permits/{type}/{permitId}/expire ends a running permit now; …/cancel takes back one that has
 * not started. Both answer 409 when the permit is not in the state they need.
 */
function endPermit(
  api: ApiClient,
  { key, ending }: { key: PermitKey; ending: PermitEnding },
): Promise<ApiResult<Permit>> {
  return api.post(`${permitPath(key)}/${ending}`, undefined, { schema: permitSchema });
}

export function useEndPermit() {
  return useApiMutation(endPermit, (queryClient, result) =>
    result.ok ? invalidatePermitQueries(queryClient) : undefined,
  );
}
