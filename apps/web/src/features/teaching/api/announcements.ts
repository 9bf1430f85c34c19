import type { Announcement, CreateAnnouncementInput } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupPath, teachingKeys } from './teaching-keys.ts';

const getAnnouncements = (groupId: string, signal?: AbortSignal) =>
  api.get<Announcement[]>(`${groupPath(groupId)}/announcements`, { signal });

const getAnnouncementsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: teachingKeys.announcements(groupId),
    queryFn: ({ signal }) => getAnnouncements(groupId, signal),
  });

/** The group's announcements ('Avisos'), newest first; the newest is pinned. */
export const useAnnouncements = (groupId: string, enabled = true) =>
  useQuery({ ...getAnnouncementsQueryOptions(groupId), enabled });

const createAnnouncement = (groupId: string, input: CreateAnnouncementInput) =>
  api.post<Announcement>(`${groupPath(groupId)}/announcements`, input);

export function useCreateAnnouncement(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAnnouncementInput) => createAnnouncement(groupId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teachingKeys.announcements(groupId) }),
  });
}
