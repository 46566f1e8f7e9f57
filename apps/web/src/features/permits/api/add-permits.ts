import {
  type PermitAddMode,
  type PermitAddResult,
  type PermitAddRow,
  permitAddResultSchema,
} from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { invalidatePermitQueries } from './invalidate-permit-queries';

/** A bulk add of up to 5,000 rows is stored in one transaction: give it longer than the usual 5 s. */
const PERMIT_ADD_TIMEOUT_MS = 120_000;

/**
 * POST /permits?mode=: the form's one row (`single`) or a CSV file's rows, each with its line as id
 * (`bulk`). All or nothing: a 400 problem lists each refused check as `rows` (line, field, code).
 */
function addPermits(
  api: ApiClient,
  { mode, rows }: { mode: PermitAddMode; rows: readonly PermitAddRow[] },
): Promise<ApiResult<PermitAddResult>> {
  return api.post(`/permits?mode=${mode}`, rows, {
    schema: permitAddResultSchema,
    timeoutMs: PERMIT_ADD_TIMEOUT_MS,
  });
}

export function useAddPermits() {
  return useApiMutation(addPermits, (queryClient, result) =>
    result.ok ? invalidatePermitQueries(queryClient) : undefined,
  );
}
