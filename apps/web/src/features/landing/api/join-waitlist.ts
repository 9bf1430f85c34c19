import type { WaitlistSubscriptionInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Spec §7 Landing: the waiting-list sign-up, with the robot check's answer. */
const joinWaitlist = (input: WaitlistSubscriptionInput) =>
  api.post<{ message: string }>('/recaptcha/validate', input);

export const useJoinWaitlist = () => useMutation({ mutationFn: joinWaitlist });
