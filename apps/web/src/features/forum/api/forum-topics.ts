import type { ForumTopic } from '@estudai/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

export const forumPath = (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/forum`;

export const forumTopicPath = (groupId: string, topicId: string) =>
  `${forumPath(groupId)}/${encodeURIComponent(topicId)}`;

/** The group's topics, pinned first then newest, each with its comments (oldest first). */
export const getForumTopicsQueryOptions = (groupId: string) =>
  pagedQueryOptions<ForumTopic>(groupKeys.forum(groupId), forumPath(groupId));

export const useForumTopics = (groupId: string) => useInfiniteQuery(getForumTopicsQueryOptions(groupId));
