import { type PermitAllowance, permitAllowanceListSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** PUT /permits/allowances: all rows or none; answers the stored rows. */
export function saveAllowances(
  api: ApiClient,
  rows: PermitAllowance[],
): Promise<ApiResult<PermitAllowance[]>> {
  return api.put('/permits/allowances', rows, { schema: permitAllowanceListSchema });
}
