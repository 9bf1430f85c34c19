import type {
  ApprovalResult,
  DataExport,
  DeletionScheduled,
  GuardianInvitePreview,
  GuardianLinkAccepted,
  GuardianTeen,
  PrivacySettings,
  UpdatePrivacyInput,
} from '@estudai/contract/constants';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api.ts';

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

/** Who invited (first name and photo), for the invitation's page, signed in or not (issue 36). */
export const getInvitePreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['guardian', 'invite', token],
    queryFn: ({ signal }) =>
      api.get<GuardianInvitePreview>(`/guardian/links/${encodeURIComponent(token)}`, { signal }),
  });

const acceptGuardianLink = (token: string) =>
  api.post<GuardianLinkAccepted>(`/guardian/links/${encodeURIComponent(token)}/accept`);
export const useAcceptGuardianLink = () => useTeensMutation(acceptGuardianLink);

const decideApproval = ({ id, approve }: { id: string; approve: boolean }) =>
  api.post<ApprovalResult>(`/guardian/approvals/${encodeURIComponent(id)}`, { approve });
export const useDecideApproval = () => useTeensMutation(decideApproval);

const setTeenPrivacy = ({ teenId, input }: { teenId: string; input: UpdatePrivacyInput }) =>
  api.patch<PrivacySettings>(`/guardian/teens/${encodeURIComponent(teenId)}/privacy`, input);
export const useSetTeenPrivacy = () => useTeensMutation(setTeenPrivacy);

const endGuardianLink = (linkId: string) =>
  api.delete<{ message: string }>(`/guardian/links/${encodeURIComponent(linkId)}`);
export const useEndGuardianLink = () => useTeensMutation(endGuardianLink);

/** A copy of the teen's data, followed like the guardian's own (`GET /api/me/export/{id}`). */
export const requestTeenExport = (teenId: string) =>
  api.post<DataExport>(`/guardian/teens/${encodeURIComponent(teenId)}/export`);

/** With the guardian's own password; the teen's account goes in 7 days unless the teen signs in. */
const deleteTeenAccount = ({ teenId, password }: { teenId: string; password: string }) =>
  apiRequest<DeletionScheduled>(`/guardian/teens/${encodeURIComponent(teenId)}`, {
    method: 'DELETE',
    body: { password },
  });
export const useDeleteTeenAccount = () => useTeensMutation(deleteTeenAccount);
