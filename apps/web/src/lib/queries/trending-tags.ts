import type { TrendingTag } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

// The main feed's most used hashtags of the last 7 days: the desktop's 'Em alta' and the tags the
// post and comment boxes offer after a '#'.

const getTrendingTagsQueryOptions = () =>
  queryOptions({
    queryKey: ['search', 'trending-tags'],
    queryFn: ({ signal }) => api.get<TrendingTag[]>('/search/trending-tags', { signal }),
    // A few minutes old is fresh enough for what is popular this week.
    staleTime: 5 * 60_000,
  });

export const useTrendingTags = (enabled = true) => useQuery({ ...getTrendingTagsQueryOptions(), enabled });
