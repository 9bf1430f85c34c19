import type { RecommendedUser } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const getRecommendations = (signal?: AbortSignal) =>
  api.get<RecommendedUser[]>('/notifications/recommendations', { signal });

/** The 'Recomendados' tab: people the user may want to follow. */
export const getRecommendationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'recommendations'],
    queryFn: ({ signal }) => getRecommendations(signal),
  });

export const useRecommendations = () => useQuery(getRecommendationsQueryOptions());
