import { addIsoDays, ticketListPageSchema, ukToday } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { ticketKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** The dashboard looks this many days back for open charges (today included). */
export const OPEN_CHARGES_DAYS = 28;

/** The tickets list's query behind each figure: the dashboard links to exactly that list. */
export function openChargesQuery(covered: boolean, today = ukToday()): Record<string, string> {
  return {
    status: 'open',
    from: addIsoDays(today, 1 - OPEN_CHARGES_DAYS),
    ...(covered ? { covered: 'true' } : {}),
  };
}

/**
 * How many open charges were issued at the caller's sites in the last 28 days, and how many of them a
 * permit covered: the totals of GET /tickets/list for those two filters (its rows are not used).
 */
export function useOpenCharges(enabled: boolean) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  const total = (covered: boolean) =>
    api
      .get('/tickets/list', { query: openChargesQuery(covered), schema: ticketListPageSchema })
      .then(unwrap)
      .then((page) => page.total);
  return useQuery({
    queryKey: ticketKeys.listPage(email, 'dashboard-open-charges'),
    queryFn: async () => {
      const [open, covered] = await Promise.all([total(false), total(true)]);
      return { open, covered };
    },
    staleTime: 60_000,
    enabled: enabled && Boolean(email),
  });
}
