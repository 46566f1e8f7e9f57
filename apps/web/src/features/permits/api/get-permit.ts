import { type PermitDetail, type PermitKey, permitDetailSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { permitKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export const permitPath = (key: PermitKey) =>
  `/permits/${encodeURIComponent(key.type)}/${encodeURIComponent(String(key.permitId))}`;

/** GET /permits/{type}/{permitId}, with duration, reason and who added it: 404 when out of reach. */
function fetchPermit(api: ApiClient, key: PermitKey, signal?: AbortSignal): Promise<PermitDetail> {
  return api.get(permitPath(key), { signal, schema: permitDetailSchema }).then(unwrap);
}

function permitQueryOptions(api: ApiClient, email: string, key: PermitKey) {
  return queryOptions({
    queryKey: permitKeys.one(email, key.type, key.permitId),
    queryFn: ({ signal }) => fetchPermit(api, key, signal),
    // Whether a permit may still be expired depends on now: always ask again.
    staleTime: 0,
  });
}

export function usePermit(key: PermitKey | undefined) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    ...permitQueryOptions(api, email, key ?? { type: 'site', permitId: 0 }),
    enabled: Boolean(email && key),
  });
}
