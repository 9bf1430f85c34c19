import type { Earnings, Payment } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupPath, teachingKeys } from './teaching-keys.ts';

const getEarnings = (groupId: string, signal?: AbortSignal) =>
  api.get<Earnings>(`${groupPath(groupId)}/earnings`, { signal });

/** The owner's earnings of the group, asked afresh each time the page opens (payments may be new). */
export const useEarnings = (groupId: string) =>
  useQuery(
    queryOptions({
      queryKey: teachingKeys.earnings(groupId),
      queryFn: ({ signal }) => getEarnings(groupId, signal),
      staleTime: 0,
    }),
  );

const refundPayment = (groupId: string, paymentId: string) =>
  api.post<Payment>(`${groupPath(groupId)}/payments/${encodeURIComponent(paymentId)}/refund`, {});

/** Owner: gives a payment back (the member loses the access it bought). */
export function useRefundPayment(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => refundPayment(groupId, paymentId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teachingKeys.earnings(groupId) });
      void queryClient.invalidateQueries({ queryKey: teachingKeys.members(groupId) });
    },
  });
}
