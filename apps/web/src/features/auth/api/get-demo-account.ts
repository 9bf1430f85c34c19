import type { LaunchInfo } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * `GET /api/launch`, asked here for its demo account under a key of its own: the landing page's
 * copy may come from the page itself (main.tsx), without the account.
 */
const launchQueryOptions = () =>
  queryOptions({
    queryKey: ['launch', 'demo-account'],
    queryFn: ({ signal }) => api.get<LaunchInfo>('/launch', { signal }),
  });

/** The demo account 'Testar Demo' signs in with: undefined while asking, null when there is none. */
export function useDemoAccount(): LaunchInfo['demo'] | undefined {
  const { data, isError } = useQuery(launchQueryOptions());
  if (isError) return null;
  return data === undefined ? undefined : (data.demo ?? null);
}
