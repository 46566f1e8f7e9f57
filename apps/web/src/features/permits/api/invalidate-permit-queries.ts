import type { QueryClient } from '@tanstack/react-query';
import { permitKeys } from '../../../lib/query-keys';

/**
 * After an add, an edit or an expire: the lists, the dashboard counters and single permits are out of
 * date, so their cached queries are invalidated. Refreshed in the background: the next screen does not wait for them.
 */
export function invalidatePermitQueries(queryClient: QueryClient): undefined {
  for (const queryKey of [permitKeys.lists, permitKeys.counts, permitKeys.ones]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  return undefined;
}
