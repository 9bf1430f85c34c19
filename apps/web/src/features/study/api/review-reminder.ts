import type { ReminderSettings } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { studyKeys } from './study-keys.ts';

const getReminderQueryOptions = () =>
  queryOptions({
    queryKey: studyKeys.reminder(),
    queryFn: ({ signal }) => api.get<ReminderSettings>('/reviews/reminder', { signal }),
  });

export const useReminder = () => useQuery(getReminderQueryOptions());

/** `PUT /api/reviews/reminder`: on or off, and at which Brasília hour (7h–21h). */
export function useSetReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) => api.put<ReminderSettings>('/reviews/reminder', settings),
    onSuccess: (saved) => queryClient.setQueryData(getReminderQueryOptions().queryKey, saved),
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}
