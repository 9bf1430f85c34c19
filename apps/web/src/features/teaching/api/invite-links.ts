import type { CreateInviteLinkInput, InviteLink } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupPath, teachingKeys } from './teaching-keys.ts';

const getInviteLinks = (groupId: string, signal?: AbortSignal) =>
  api.get<InviteLink[]>(`${groupPath(groupId)}/invite-links`, { signal });

const getInviteLinksQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: teachingKeys.inviteLinks(groupId),
    queryFn: ({ signal }) => getInviteLinks(groupId, signal),
  });

/** The owner's invite links of the group, newest first. */
export const useInviteLinks = (groupId: string, enabled = true) =>
  useQuery({ ...getInviteLinksQueryOptions(groupId), enabled });

const createInviteLink = (groupId: string, input: CreateInviteLinkInput) =>
  api.post<InviteLink>(`${groupPath(groupId)}/invite-links`, input);

const revokeInviteLink = (groupId: string, code: string) =>
  api.delete<void>(`${groupPath(groupId)}/invite-links/${encodeURIComponent(code)}`);

export function useCreateInviteLink(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteLinkInput) => createInviteLink(groupId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teachingKeys.inviteLinks(groupId) }),
  });
}

export function useRevokeInviteLink(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => revokeInviteLink(groupId, code),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teachingKeys.inviteLinks(groupId) }),
  });
}
