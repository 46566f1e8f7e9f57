import type { QueryClient } from '@tanstack/react-query';

/** After an add or an expire: the lists, the dashboard counters and single permits are out of date. */
export function forgetPermits(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    (['list', 'count', 'one'] as const).map((kind) =>
      queryClient.invalidateQueries({ queryKey: ['permits', kind] }),
    ),
  ).then(() => undefined);
}
