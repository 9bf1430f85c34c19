import type { GroupVideo } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { VIDEOS_KEY } from './get-videos.ts';

const getGroupVideos = (groupId: string, page: number, signal?: AbortSignal) =>
  api.getPage<GroupVideo>(`/study-groups/${encodeURIComponent(groupId)}/videos?page=${page}`, { signal });

/** The group page's 'Vídeos' tab, newest first (hidden ones too, for the owner). */
const getGroupVideosQueryOptions = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: [VIDEOS_KEY, 'group', groupId],
    queryFn: ({ pageParam, signal }) => getGroupVideos(groupId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useGroupVideos = (groupId: string) => useInfiniteQuery(getGroupVideosQueryOptions(groupId));
