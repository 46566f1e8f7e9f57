import { type PermitUpload, permitUploadSchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, type ApiResult, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { permitKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { invalidatePermitQueries } from './invalidate-permit-queries';

const uploadPath = (uploadId: number) => `/permits/uploads/${encodeURIComponent(String(uploadId))}`;

/** GET /permits/uploads/{uploadId}: 404 unless every permit of it is the caller's to change. */
export function usePermitUpload(uploadId: number | undefined) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: permitKeys.upload(email, uploadId ?? 0),
    queryFn: ({ signal }) =>
      api.get(uploadPath(uploadId ?? 0), { signal, schema: permitUploadSchema }).then(unwrap),
    // Whether it may still be taken back depends on now: always ask again.
    staleTime: 0,
    enabled: Boolean(email && uploadId),
  });
}

/** POST /permits/uploads/{uploadId}/cancel: every permit of it not yet ended is cancelled, all or nothing. */
function takeBackUpload(api: ApiClient, uploadId: number): Promise<ApiResult<PermitUpload>> {
  return api.post(`${uploadPath(uploadId)}/cancel`, undefined, { schema: permitUploadSchema });
}

export function useTakeBackUpload() {
  return useApiMutation(takeBackUpload, (queryClient, result) =>
    result.ok ? invalidatePermitQueries(queryClient) : undefined,
  );
}
