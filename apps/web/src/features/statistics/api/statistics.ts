import {
  enforcementStatisticsSchema,
  parkingStatisticsSchema,
  permitStatisticsSchema,
  type StatisticsPeriod,
  siteComparisonSchema,
  siteSchema,
} from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { siteKeys, statisticsKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** What the page asks for: a site or group (none for all the caller's sites) and a period. */
export interface StatisticsChoice {
  site?: string;
  period: StatisticsPeriod;
  from?: string;
  to?: string;
}

const sections = {
  parking: parkingStatisticsSchema,
  permits: permitStatisticsSchema,
  enforcement: enforcementStatisticsSchema,
  sites: siteComparisonSchema,
} as const;
export type StatisticsSection = keyof typeof sections;
type SectionData<S extends StatisticsSection> = z.infer<(typeof sections)[S]>;

/** GET /statistics/{section}?site=&period=&from=&to= */
async function fetchStatistics<S extends StatisticsSection>(
  api: ApiClient,
  section: S,
  choice: StatisticsChoice,
  signal?: AbortSignal,
): Promise<SectionData<S>> {
  const query: Record<string, string> = { period: choice.period };
  if (choice.site) query.site = choice.site;
  if (choice.period === 'custom' && choice.from && choice.to) {
    query.from = choice.from;
    query.to = choice.to;
  }
  return unwrap(
    await api.get(`/statistics/${section}`, {
      query,
      schema: sections[section] as unknown as z.ZodType<SectionData<S>>,
      signal,
    }),
  );
}

function statisticsQueryOptions<S extends StatisticsSection>(
  api: ApiClient,
  email: string,
  section: S,
  choice: StatisticsChoice,
) {
  return queryOptions({
    queryKey: statisticsKeys.section(email, section, choice),
    queryFn: ({ signal }) => fetchStatistics(api, section, choice, signal),
    staleTime: 60_000,
  });
}

export function useStatistics<S extends StatisticsSection>(
  section: S,
  choice: StatisticsChoice,
  enabled = true,
) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    ...statisticsQueryOptions(api, email, section, choice),
    enabled: enabled && Boolean(email),
  });
}

const accessibleSchema = z.array(siteSchema);

/** GET /sites/accessible: the sites and groups the page offers. */
function accessibleSitesQueryOptions(api: ApiClient, email: string) {
  return queryOptions({
    queryKey: siteKeys.accessible(email),
    queryFn: async ({ signal }) =>
      unwrap(await api.get('/sites/accessible', { schema: accessibleSchema, signal })),
    staleTime: 5 * 60_000,
  });
}

export function useStatisticsSites() {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({ ...accessibleSitesQueryOptions(api, email), enabled: Boolean(email) });
}
