import { type PermitAddResult, type PermitAddRow, permitAddResultSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** A bulk add of up to 5,000 rows is stored in one transaction: give it longer than the usual 5 s. */
export const PERMIT_ADD_TIMEOUT_MS = 120_000;

/**
 * POST /permits. One row with authorisedBy is a single add; any other body is a bulk add (rows carry
 * their CSV line as id). All or nothing: a 400 problem lists messages by `{field}` or `{id}_{field}`.
 */
export function addPermits(
  api: ApiClient,
  rows: readonly PermitAddRow[],
): Promise<ApiResult<PermitAddResult>> {
  return api.post('/permits', rows, { schema: permitAddResultSchema, timeoutMs: PERMIT_ADD_TIMEOUT_MS });
}
