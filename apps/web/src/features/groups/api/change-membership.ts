import type { Membership, MembershipAction } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

const changeMembership = (groupId: string, action: MembershipAction) =>
  api.post<Membership>(`/study-groups/${encodeURIComponent(groupId)}/membership`, { action });

/** Join, leave, (un)archive or (un)mute; every groups query (the group, the lists) is then out of date. */
export function useChangeMembership(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MembershipAction) => changeMembership(groupId, action),
    onSuccess: (membership, action) => {
      queryClient.setQueryData(groupKeys.membership(groupId), membership);
      return queryClient.invalidateQueries({
        queryKey: groupKeys.all,
        // Leaving or archiving goes back to the list, which fetches afresh when shown; the group's
        // own content (no longer readable after leaving) is not asked for again on the way out.
        refetchType: action === 'leave' || action === 'archive' ? 'none' : 'active',
      });
    },
  });
}
