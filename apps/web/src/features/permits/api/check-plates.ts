import {
  type PermitKey,
  type PlateCheckResult,
  type PlateCheckRow,
  type PlateWarning,
  plateCheckResultSchema,
} from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { permitKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** A 5,000-row bulk check answers within 2 s on the server; give the slow network room. */
const PLATE_CHECK_BULK_TIMEOUT_MS = 30_000;

/** GET /permits/plate-check: the warnings of one typed registration at one site or group. */
function fetchPlateWarnings(
  api: ApiClient,
  site: string,
  registration: string,
  signal?: AbortSignal,
): Promise<PlateWarning[]> {
  return api
    .get('/permits/plate-check', { query: { site, registration }, signal, schema: plateCheckResultSchema })
    .then(unwrap)
    .then((result) => result.rows[0]?.warnings ?? []);
}

function plateWarningsQueryOptions(api: ApiClient, email: string, site: string, registration: string) {
  return queryOptions({
    queryKey: permitKeys.plateCheck(email, site, registration),
    queryFn: ({ signal }) => fetchPlateWarnings(api, site, registration, signal),
    staleTime: 60_000,
  });
}

/** The warnings of the plate being typed; nothing is asked until both a site and a plate are given. */
export function usePlateWarnings(site: string | undefined, registration: string) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    ...plateWarningsQueryOptions(api, email, site ?? '', registration),
    enabled: Boolean(email && site && registration.length >= 2),
  });
}

/**
 * GET /permits/{type}/{permitId}/plate-check: the warnings of the registration a permit is being
 * corrected to (the permit's own place, the permit itself left out). Nothing is asked while the
 * registration is the stored one or shorter than two characters.
 */
export function useEditPlateWarnings(key: PermitKey, stored: string, registration: string) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: permitKeys.editPlateCheck(email, key.type, key.permitId, registration),
    queryFn: ({ signal }) =>
      api
        .get(`/permits/${key.type}/${key.permitId}/plate-check`, {
          query: { registration },
          signal,
          schema: plateCheckResultSchema,
        })
        .then(unwrap)
        .then((result) => result.rows[0]?.warnings ?? []),
    staleTime: 60_000,
    enabled: Boolean(email && registration.length >= 2 && registration !== stored),
  });
}

/** POST /permits/plate-check: the warnings of every row of a bulk preview, in one request. */
export function checkPlates(api: ApiClient, rows: readonly PlateCheckRow[]): Promise<PlateCheckResult> {
  return api
    .post(
      '/permits/plate-check',
      { rows },
      {
        schema: plateCheckResultSchema,
        timeoutMs: PLATE_CHECK_BULK_TIMEOUT_MS,
        idempotent: true,
      },
    )
    .then(unwrap);
}
