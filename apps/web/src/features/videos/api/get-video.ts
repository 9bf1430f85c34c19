import type { GroupVideo } from '@estudai/contract/constants';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api.ts';
import { VIDEOS_KEY } from './get-videos.ts';

/** The video page's video; the server counts the view (once a day per person). */
const getVideo = (groupId: string, videoId: string, signal?: AbortSignal) =>
  api.get<GroupVideo>(`/study-groups/${encodeURIComponent(groupId)}/videos/${encodeURIComponent(videoId)}`, {
    signal,
  });

const getVideoQueryOptions = (groupId: string, videoId: string) =>
  queryOptions({
    queryKey: [VIDEOS_KEY, 'detail', groupId, videoId],
    queryFn: ({ signal }) => getVideo(groupId, videoId, signal),
  });

/**
 * The video, and the lists that show its view count marked out of date once it arrives (this very
 * visit may have counted), so they read it again when next shown.
 */
export function useVideo(groupId: string, videoId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(getVideoQueryOptions(groupId, videoId));
  const views = query.data?.views;
  useEffect(() => {
    if (views === undefined) return;
    for (const queryKey of [
      [VIDEOS_KEY, 'library'],
      [VIDEOS_KEY, 'group', groupId],
    ]) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
  }, [views, groupId, queryClient]);
  return query;
}
