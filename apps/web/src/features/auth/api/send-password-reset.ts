import type { EmailOnlyInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Asks for the reset e-mail; the server answers the same whether or not the account exists. */
const sendPasswordReset = (input: EmailOnlyInput) =>
  api.post<{ message: string }>('/auth/forgot-password', input);

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
