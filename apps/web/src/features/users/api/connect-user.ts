import { NOTIFICATION_MESSAGES, USER_MESSAGES } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

export const connectWith = (userId: string) =>
  api.post<{ message: string }>(`/users/${encodeURIComponent(userId)}/connect`);

/** 'Conectar': asks the other person to follow each other; a second ask changes nothing. */
export function useConnect() {
  return useMutation({
    mutationFn: connectWith,
    onSuccess: () => toast({ title: NOTIFICATION_MESSAGES.requestSent }),
    // e.g. 409 'Vocês já estão conectados.'
    onError: (error) =>
      toast({ title: USER_MESSAGES.errorTitle, description: error.message, variant: 'destructive' }),
  });
}
