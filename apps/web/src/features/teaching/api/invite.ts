import type { InviteAcceptResult } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

const acceptInvite = (code: string) =>
  api.post<InviteAcceptResult>(`/invites/${encodeURIComponent(code)}/accept`);

/** Joins a free group through the link, or learns where to pay for a paid one. */
export function useAcceptInvite(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvite(code),
    onSuccess: (result) => {
      if (result.status === 'joined') void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
