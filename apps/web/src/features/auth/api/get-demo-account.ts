import type { LaunchInfo } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** `GET /api/launch`, as the landing page reads it (same key): here for its demo account. */
const launchQueryOptions = () =>
  queryOptions({
    queryKey: ['launch'],
    queryFn: ({ signal }) => api.get<LaunchInfo>('/launch', { signal }),
  });

/** The demo account 'Testar Demo' signs in with: undefined while asking, null when there is none. */
export function useDemoAccount(): LaunchInfo['demo'] | undefined {
  const { data, isError } = useQuery(launchQueryOptions());
  if (isError) return null;
  return data === undefined ? undefined : (data.demo ?? null);
}
