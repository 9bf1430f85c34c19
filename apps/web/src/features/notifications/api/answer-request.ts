import { NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { refreshProfiles } from '../../../lib/queries/follows.ts';
import { toast } from '../../../lib/toast.ts';
import { adjustCounts, getNotificationCountsQueryOptions } from './get-counts.ts';
import { getConnectionRequestsQueryOptions } from './get-requests.ts';

type RequestAction = 'accept' | 'reject';

const answerConnectionRequest = ({ requestId, action }: { requestId: string; action: RequestAction }) =>
  apiRequest<{ status: 'accepted' | 'rejected' }>(
    `/notifications/requests/${encodeURIComponent(requestId)}`,
    {
      method: 'PUT',
      body: { action },
    },
  );

/**
 * Spec §4: accepted or rejected, the request leaves the list; §8 toasts. The badge drops at once;
 * the server pushes the exact counts over the socket, before or after its reply, and they stand.
 */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerConnectionRequest,
    onMutate: () => {
      adjustCounts(queryClient, ({ pendingRequests }) => ({ pendingRequests: pendingRequests - 1 }));
    },
    onSuccess: async (_result, { requestId, action }) => {
      queryClient.setQueryData(getConnectionRequestsQueryOptions().queryKey, (requests) =>
        requests?.filter((request) => request.id !== requestId),
      );
      toast({ title: action === 'accept' ? NOTIFICATION_MESSAGES.accepted : NOTIFICATION_MESSAGES.rejected });
      // Accepting makes both follow each other: profiles and follow lists change.
      if (action === 'accept') {
        await refreshProfiles(queryClient);
      }
    },
    onError: (error) => {
      // Answered elsewhere meanwhile (404): the list and the counts are asked again.
      void queryClient.invalidateQueries({ queryKey: getConnectionRequestsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getNotificationCountsQueryOptions().queryKey });
      toast({ title: 'Erro', description: error.message, variant: 'destructive' });
    },
  });
}
