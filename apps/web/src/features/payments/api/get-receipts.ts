import type { Receipt } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const getReceipts = (signal?: AbortSignal) => api.get<Receipt[]>('/payments/mine', { signal });

const getReceiptsQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'mine'],
    queryFn: ({ signal }) => getReceipts(signal),
  });

/** The viewer's confirmed payments, asked afresh each time they are shown (a payment may be new). */
export const useReceipts = (enabled: boolean) =>
  useQuery({ ...getReceiptsQueryOptions(), enabled, staleTime: 0 });
