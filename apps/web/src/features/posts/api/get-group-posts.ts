import type { Post } from '@estudai/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

/** A group's posts, newest first (members and owner only). */
export const getGroupPostsQueryOptions = (groupId: string) =>
  pagedQueryOptions<Post>(groupKeys.posts(groupId), `/study-groups/${encodeURIComponent(groupId)}/posts`);

export const useGroupPosts = (groupId: string) => useInfiniteQuery(getGroupPostsQueryOptions(groupId));
