import { type Permit, type PermitKey, permitSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { permitPath } from './get-permit';

/** POST /permits/{type}/{permitId}/expire: ends the permit now; 409 when not started or already ended. */
export function expirePermit(api: ApiClient, key: PermitKey): Promise<ApiResult<Permit>> {
  return api.post(`${permitPath(key)}/expire`, undefined, { schema: permitSchema });
}
