import type { Post } from '@estudai/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { GROUPS_KEY } from './get-group.ts';
import { groupPagesQueryOptions } from './group-pages.ts';

/** A group's posts, newest first (members and owner only). */
export const getGroupPostsQueryOptions = (groupId: string) =>
  groupPagesQueryOptions<Post>(
    [GROUPS_KEY, 'posts', groupId],
    `/study-groups/${encodeURIComponent(groupId)}/posts`,
  );

export const useGroupPosts = (groupId: string) => useInfiniteQuery(getGroupPostsQueryOptions(groupId));
