import type {
  ApprovalResult,
  GuardianLinkAccepted,
  GuardianTeen,
  PrivacySettings,
  UpdatePrivacyInput,
} from '@estudai/contract/constants';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The guardian's side of /responsavel: the linked teens and what a guardian may do for each.

export const getGuardianTeensQueryOptions = () =>
  queryOptions({
    queryKey: ['guardian', 'teens'],
    queryFn: ({ signal }) => api.get<GuardianTeen[]>('/guardian/teens', { signal }),
    // Usage changes all day: asked again each time the dashboard opens.
    staleTime: 0,
  });

const teensKey = getGuardianTeensQueryOptions().queryKey;

function useTeensMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teensKey }),
  });
}

export const acceptGuardianLink = (token: string) =>
  api.post<GuardianLinkAccepted>(`/guardian/links/${encodeURIComponent(token)}/accept`);
export const useAcceptGuardianLink = () => useTeensMutation(acceptGuardianLink);

export const decideApproval = ({ id, approve }: { id: string; approve: boolean }) =>
  api.post<ApprovalResult>(`/guardian/approvals/${encodeURIComponent(id)}`, { approve });
export const useDecideApproval = () => useTeensMutation(decideApproval);

export const setTeenPrivacy = ({ teenId, input }: { teenId: string; input: UpdatePrivacyInput }) =>
  api.patch<PrivacySettings>(`/guardian/teens/${encodeURIComponent(teenId)}/privacy`, input);
export const useSetTeenPrivacy = () => useTeensMutation(setTeenPrivacy);

export const endGuardianLink = (linkId: string) =>
  api.delete<{ message: string }>(`/guardian/links/${encodeURIComponent(linkId)}`);
export const useEndGuardianLink = () => useTeensMutation(endGuardianLink);
