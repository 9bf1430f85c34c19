import type { SuspensionAppealInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A suspended person cannot sign in: they appeal their suspension with the e-mail and password they typed. */
const appealSuspension = (input: SuspensionAppealInput) =>
  api.post<{ id: string; message: string }>('/moderation-actions/suspension-appeal', input);

export const useAppealSuspension = () => useMutation({ mutationFn: appealSuspension });
