import type { AuthProviders } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const getAuthProviders = (signal?: AbortSignal) => api.get<AuthProviders>('/auth/providers', { signal });

const getAuthProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: ({ signal }) => getAuthProviders(signal) });

/** Which external sign-in buttons to show; none while unknown or when the call fails. */
export function useAuthProviders(): AuthProviders {
  const { data } = useQuery(getAuthProvidersQueryOptions());
  return data ?? { google: false };
}
