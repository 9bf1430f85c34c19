import type { ConnectionRequest } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const getConnectionRequests = (signal?: AbortSignal) =>
  api.get<ConnectionRequest[]>('/notifications/requests', { signal });

/** The 'Solicitações' tab: pending connection requests, newest first. */
export const getConnectionRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'requests'],
    queryFn: ({ signal }) => getConnectionRequests(signal),
  });

export const useConnectionRequests = () => useQuery(getConnectionRequestsQueryOptions());
