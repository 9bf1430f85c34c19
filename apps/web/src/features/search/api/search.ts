import type { BankQuestion, Post, SearchType, StudyGroup, UserSummary } from '@estudai/contract/constants';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { bankKeys, GROUPS_KEY, POSTS_KEY } from '../../../lib/query-keys.ts';

export interface SearchResults {
  people: UserSummary;
  posts: Post;
  groups: StudyGroup;
  questions: BankQuestion;
}

/**
 * Each tab's pages live under the key of what they show, so a like, a join or an answer given in
 * the results updates them as it updates the feed, the group lists or the question bank.
 */
const keyOf = (type: SearchType, q: string) => {
  switch (type) {
    case 'people':
      return ['users', 'search', q];
    case 'posts':
      return [POSTS_KEY, 'search', q];
    case 'groups':
      return [GROUPS_KEY, 'list', 'search', q];
    case 'questions':
      return [...bankKeys.all, 'search', q];
  }
};

export const getSearchQueryOptions = <T extends SearchType>(type: T, q: string) =>
  infiniteQueryOptions({
    queryKey: keyOf(type, q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q, type, ...(pageParam ? { cursor: pageParam } : {}) });
      return api.getPage<SearchResults[T]>(`/search?${params}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled: q.length > 0,
  });
