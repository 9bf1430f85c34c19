import { NOTIFICATION_MESSAGES, USER_MESSAGES, type UserProfile } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { getProfileQueryOptions } from './get-profile.ts';

const connectWith = (userId: string) =>
  api.post<{ message: string }>(`/users/${encodeURIComponent(userId)}/connect`);

/** 'Conectar': asks the other person to follow each other; the profile then shows the request waiting. */
export function useConnect(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => connectWith(userId),
    onSuccess: () => {
      queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, (profile?: UserProfile) =>
        profile ? { ...profile, connectionRequested: true } : profile,
      );
      toast({ title: NOTIFICATION_MESSAGES.requestSent });
    },
    // e.g. 409 'Vocês já estão conectados.': the profile is out of date, ask it again.
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: getProfileQueryOptions(userId).queryKey });
      toast({ title: USER_MESSAGES.errorTitle, description: error.message, variant: 'destructive' });
    },
  });
}
