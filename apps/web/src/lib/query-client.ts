import { QueryClient } from '@tanstack/react-query';

/** Spec §7: cached data never goes stale by itself, no retries, no refetch on focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
