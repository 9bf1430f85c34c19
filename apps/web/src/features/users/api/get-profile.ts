import type { UserProfile } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

const getProfile = (userId: string, signal?: AbortSignal) =>
  api.get<UserProfile>(`/users/${encodeURIComponent(userId)}`, { signal });

export const getProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.profile(userId),
    queryFn: ({ signal }) => getProfile(userId, signal),
  });

export const useProfile = (userId: string) => useQuery(getProfileQueryOptions(userId));
