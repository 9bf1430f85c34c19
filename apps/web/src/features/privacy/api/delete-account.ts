import type { DeleteAccountInput, DeletionScheduled } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, endSession } from '../../../lib/api.ts';

/**
 * 202: the account goes in 7 days unless its owner signs in again; the session ends now, and
 * `onEnded` (which signs this tab out) runs before anything else can ask the server.
 */
const deleteAccount = (input: DeleteAccountInput, onEnded: (scheduled: DeletionScheduled) => void) =>
  endSession(() => apiRequest<DeletionScheduled>('/users/me', { method: 'DELETE', body: input }), onEnded);

export const useDeleteAccount = (onEnded: (scheduled: DeletionScheduled) => void) =>
  useMutation({ mutationFn: (input: DeleteAccountInput) => deleteAccount(input, onEnded) });
