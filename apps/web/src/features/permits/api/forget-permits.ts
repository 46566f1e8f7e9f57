import type { QueryClient } from '@tanstack/react-query';
import { permitKeys } from '../../../lib/query-keys';

/**
 * After an add or an expire: the lists, the dashboard counters and single permits are out of date.
 * Refreshed in the background: the next screen does not wait for them.
 */
export function forgetPermits(queryClient: QueryClient): undefined {
  for (const queryKey of [permitKeys.lists, permitKeys.counts, permitKeys.ones]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  return undefined;
}
