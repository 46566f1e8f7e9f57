import { type PermitAllowance, permitAllowanceListSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { permitAllowanceKeys } from '../../../lib/query-keys';

/** PUT /permits/allowances: all rows or none; answers the stored rows. */
function saveAllowances(api: ApiClient, rows: PermitAllowance[]): Promise<ApiResult<PermitAllowance[]>> {
  return api.put('/permits/allowances', rows, { schema: permitAllowanceListSchema });
}

/** The stored rows become the cached answer for the site or group asked for (the first row). */
export function useSaveAllowances() {
  return useApiMutation(saveAllowances, (queryClient, result, rows) => {
    const asked = rows[0]?.site_SiteGroupNumber;
    if (result.ok && asked) queryClient.setQueryData(permitAllowanceKeys.of(asked), result.data);
    return undefined;
  });
}
