import type { PaymentConfig } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const getPaymentConfig = (signal?: AbortSignal) => api.get<PaymentConfig>('/payments/config', { signal });

/** Which provider takes payments, whether it is a test mode, and which methods it offers. */
const getPaymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
  });

export const usePaymentConfig = () => useQuery(getPaymentConfigQueryOptions());
