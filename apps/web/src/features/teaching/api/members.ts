import type { GroupMember, RemoveMemberInput, RemoveMemberResult } from '@estudai/contract/constants';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { groupPath, teachingKeys } from './teaching-keys.ts';

const getMembersQueryOptions = (groupId: string, q: string) =>
  pagedQueryOptions<GroupMember>(
    teachingKeys.memberSearch(groupId, q),
    `${groupPath(groupId)}/members`,
    q ? { q } : {},
  );

/** The group's members matching `q` (name or username), page by page. Managers only. */
export const useMembers = (groupId: string, q: string) =>
  useInfiniteQuery(getMembersQueryOptions(groupId, q));

/** The CSV of every member matching `q`: a plain link, the browser downloads the attachment. */
export const membersCsvUrl = (groupId: string, q: string) =>
  `/api${groupPath(groupId)}/members.csv${q ? `?${new URLSearchParams({ q })}` : ''}`;

const removeMember = (groupId: string, userId: string, input: RemoveMemberInput) =>
  apiRequest<RemoveMemberResult>(`${groupPath(groupId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    body: input,
  });

/** Removes a member with a reason; a paying one is refunded by the server. */
export function useRemoveMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      removeMember(groupId, userId, { reason }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teachingKeys.members(groupId) });
      void queryClient.invalidateQueries({ queryKey: teachingKeys.earnings(groupId) });
    },
  });
}
