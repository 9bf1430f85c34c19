import type { UserProfile } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getProfile = (userId: string, signal?: AbortSignal) =>
  api.get<UserProfile>(`/users/${encodeURIComponent(userId)}`, { signal });

/** Everything under ['users', id] belongs to that person: profile and follow lists. */
export const userKey = (userId: string) => ['users', userId] as const;

export const getProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...userKey(userId), 'profile'],
    queryFn: ({ signal }) => getProfile(userId, signal),
  });

export const useProfile = (userId: string) => useQuery(getProfileQueryOptions(userId));
