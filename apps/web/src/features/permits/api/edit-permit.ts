import {
  type PermitEditBody,
  type PermitEditResult,
  type PermitKey,
  permitEditResultSchema,
} from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { permitPath } from './get-permit';
import { invalidatePermitQueries } from './invalidate-permit-queries';

/**
 * PUT /permits/{type}/{permitId}: corrects registration, driver name, reason and end day. A 400
 * problem lists each refused check as `rows` (field, code); 409 when the permit has ended.
 */
function editPermit(
  api: ApiClient,
  { key, body }: { key: PermitKey; body: PermitEditBody },
): Promise<ApiResult<PermitEditResult>> {
  return api.put(permitPath(key), body, { schema: permitEditResultSchema });
}

export function useEditPermit() {
  return useApiMutation(editPermit, (queryClient, result) =>
    result.ok ? invalidatePermitQueries(queryClient) : undefined,
  );
}
