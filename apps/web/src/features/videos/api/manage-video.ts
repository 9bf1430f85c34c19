import type { CreateVideoValues, GroupVideo, UpdateVideoValues } from '@estudai/contract/constants';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupKeys } from '../../../lib/query-keys.ts';
import { VIDEOS_KEY } from './get-videos.ts';

const videosPath = (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/videos`;
const videoPath = (groupId: string, videoId: string) =>
  `${videosPath(groupId)}/${encodeURIComponent(videoId)}`;

const createVideo = (groupId: string, input: CreateVideoValues) =>
  api.post<GroupVideo>(videosPath(groupId), input);
const updateVideo = (groupId: string, videoId: string, input: UpdateVideoValues) =>
  api.patch<GroupVideo>(videoPath(groupId, videoId), input);
const deleteVideo = (groupId: string, videoId: string) =>
  api.delete<{ id: string }>(videoPath(groupId, videoId));

/** Every list and page that shows videos, and the group page (its videosCount), read again. */
function refreshVideos(queryClient: QueryClient, groupId: string) {
  void queryClient.invalidateQueries({ queryKey: [VIDEOS_KEY] });
  void queryClient.invalidateQueries({ queryKey: groupKeys.detail(groupId) });
}

/** Owner: adds a video to the group. */
export function useCreateVideo(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVideoValues) => createVideo(groupId, input),
    onSuccess: () => refreshVideos(queryClient, groupId),
  });
}

/** Owner: edits, hides or shows a video. */
export function useUpdateVideo(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, input }: { videoId: string; input: UpdateVideoValues }) =>
      updateVideo(groupId, videoId, input),
    onSuccess: () => refreshVideos(queryClient, groupId),
  });
}

/** Owner: deletes a video and its views. */
export function useDeleteVideo(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => deleteVideo(groupId, videoId),
    onSuccess: (_, videoId) => {
      queryClient.removeQueries({ queryKey: [VIDEOS_KEY, 'detail', groupId, videoId] });
      refreshVideos(queryClient, groupId);
    },
  });
}
