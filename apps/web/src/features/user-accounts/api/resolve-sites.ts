import { type Site, siteSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { siteKeys } from '../../../lib/query-keys';
import { useUserInfo } from '../../../lib/user-info';

const sitesSchema = z.array(siteSchema);
/** The search call takes at most this many numbers at once. */
const SEARCH_BATCH = 20;

/**
 * An account's access holds bare numbers; the site picker shows names. Names come from the user's own
 * sites, then from GET /sites/search (exact matches only); a number nobody can name keeps no name.
 */
async function resolveSites(
  api: ApiClient,
  numbers: readonly string[],
  known: readonly Site[],
  signal?: AbortSignal,
): Promise<Site[]> {
  const byNumber = new Map(known.map((site) => [site.siteNumber, site]));
  const missing = numbers.filter((n) => !byNumber.has(n));
  for (let i = 0; i < missing.length; i += SEARCH_BATCH) {
    const batch = missing.slice(i, i + SEARCH_BATCH);
    const result = await api.get('/sites/search', { query: { number: batch }, signal, schema: sitesSchema });
    if (!result.ok) continue;
    for (const site of result.data) if (batch.includes(site.siteNumber)) byNumber.set(site.siteNumber, site);
  }
  return numbers.map((n) => byNumber.get(n) ?? { siteNumber: n, name: '' });
}

function resolvedSitesQueryOptions(
  api: ApiClient,
  numbers: readonly string[] | undefined,
  known: readonly Site[],
) {
  return queryOptions({
    queryKey: siteKeys.resolved(numbers),
    queryFn: ({ signal }) => resolveSites(api, numbers ?? [], known, signal),
    enabled: numbers !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function useResolvedSites(numbers: readonly string[] | undefined) {
  const known = useUserInfo().data?.sites ?? [];
  return useQuery(resolvedSitesQueryOptions(useApiClient(), numbers, known));
}
