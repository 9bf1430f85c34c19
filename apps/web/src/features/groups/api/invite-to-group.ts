import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const inviteToGroup = (groupId: string, userId: string) =>
  api.post<{ message: string }>(`/study-groups/${encodeURIComponent(groupId)}/invites`, { userId });

/** The owner invites someone; they get a notification that opens the group. */
export const useInviteToGroup = (groupId: string) =>
  useMutation({ mutationFn: (userId: string) => inviteToGroup(groupId, userId) });
