import { type PermitHistory, type PermitKey, permitHistorySchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { permitKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { permitPath } from './get-permit';

/** GET /permits/{type}/{permitId}/history: added, each edited field, expired; oldest first. */
function fetchPermitHistory(api: ApiClient, key: PermitKey, signal?: AbortSignal): Promise<PermitHistory> {
  return api.get(`${permitPath(key)}/history`, { signal, schema: permitHistorySchema }).then(unwrap);
}

export function usePermitHistory(key: PermitKey | undefined) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  const shown = key ?? { type: 'site', permitId: 0 };
  return useQuery({
    queryKey: permitKeys.history(email, shown.type, shown.permitId),
    queryFn: ({ signal }) => fetchPermitHistory(api, shown, signal),
    staleTime: 0,
    enabled: Boolean(email && key),
  });
}
