import type { DeleteAccountInput, DeletionScheduled } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, endSession } from '../../../lib/api.ts';

/** 202: the account goes in 7 days unless its owner signs in again; the session ends now. */
export const deleteAccount = (input: DeleteAccountInput) =>
  endSession(() => apiRequest<DeletionScheduled>('/users/me', { method: 'DELETE', body: input }));

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
