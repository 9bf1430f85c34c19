import type { MutualFollower } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const getMutualFollowers = (signal?: AbortSignal) =>
  api.get<MutualFollower[]>('/users/mutual-followers', { signal });

export const getMutualFollowersQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'mutual-followers'],
    queryFn: ({ signal }) => getMutualFollowers(signal),
    // Follows change elsewhere: ask again each time the dialog opens.
    staleTime: 0,
  });

/** Spec §7: asked only while the new-conversation dialog is open (it mounts the caller then). */
export const useMutualFollowers = () => useQuery(getMutualFollowersQueryOptions());
