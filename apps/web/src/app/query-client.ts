import { QueryClient } from '@tanstack/react-query';

/** The API client already retries network errors and 5xx; a second layer would multiply the waits. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}
