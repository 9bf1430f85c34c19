import type { ForumTopic } from '@estudai/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { GROUPS_KEY } from './get-group.ts';
import { groupPagesQueryOptions } from './group-pages.ts';

export const forumPath = (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/forum`;

export const forumTopicPath = (groupId: string, topicId: string) =>
  `${forumPath(groupId)}/${encodeURIComponent(topicId)}`;

/** The group's topics, pinned first then newest, each with its comments (oldest first). */
export const getForumTopicsQueryOptions = (groupId: string) =>
  groupPagesQueryOptions<ForumTopic>([GROUPS_KEY, 'forum', groupId], forumPath(groupId));

export const useForumTopics = (groupId: string) => useInfiniteQuery(getForumTopicsQueryOptions(groupId));
