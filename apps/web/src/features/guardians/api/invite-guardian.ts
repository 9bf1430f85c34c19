import type { GuardianInviteInput, GuardianInviteResult } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';

const inviteGuardian = (input: GuardianInviteInput) =>
  api.post<GuardianInviteResult>('/guardian/invite', input);

/** The teen's invitation; the session is asked again, so 'modo protegido' shows it waiting. */
export function useInviteGuardian() {
  const { refresh } = useAuth();
  return useMutation({ mutationFn: inviteGuardian, onSuccess: () => void refresh() });
}

/** A teen of 16 or 17 ends their own link; the session is asked again, so the notice goes. */
export function useEndOwnGuardianLink() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: (linkId: string) =>
      api.delete<{ message: string }>(`/guardian/links/${encodeURIComponent(linkId)}`),
    onSuccess: () => void refresh(),
  });
}
