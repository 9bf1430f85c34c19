import type { ForumTopic } from '@estudai/contract/constants';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ApiPage } from '../../../lib/api.ts';
import { getForumTopicsQueryOptions } from './forum-topics.ts';

type TopicPages = InfiniteData<ApiPage<ForumTopic>>;

/** Changes one topic wherever it sits in the cached pages of the group's forum. */
export function updateCachedTopic(
  queryClient: QueryClient,
  groupId: string,
  topicId: string,
  update: (topic: ForumTopic) => ForumTopic,
) {
  queryClient.setQueryData<TopicPages>(getForumTopicsQueryOptions(groupId).queryKey, (forum) =>
    forum
      ? {
          ...forum,
          pages: forum.pages.map((page) => ({
            ...page,
            data: page.data.map((topic) => (topic.id === topicId ? update(topic) : topic)),
          })),
        }
      : forum,
  );
}

/** A topic as the cache holds it now (the starting point of an optimistic change). */
export function findCachedTopic(queryClient: QueryClient, groupId: string, topicId: string) {
  const forum = queryClient.getQueryData<TopicPages>(getForumTopicsQueryOptions(groupId).queryKey);
  return forum?.pages.flatMap((page) => page.data).find((topic) => topic.id === topicId);
}
