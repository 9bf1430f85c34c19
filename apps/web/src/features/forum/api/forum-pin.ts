import { POST_MESSAGES } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { forumTopicPath, getForumTopicsQueryOptions } from './forum-topics.ts';

const pinForumTopic = ({
  groupId,
  topicId,
  isPinned,
}: {
  groupId: string;
  topicId: string;
  isPinned: boolean;
}) => apiRequest<unknown>(`${forumTopicPath(groupId, topicId)}/pin`, { method: 'PUT', body: { isPinned } });

/** Owner only: pins or unpins a topic, then the list is fetched again in its new order. */
export function usePinForumTopic(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, isPinned }: { topicId: string; isPinned: boolean }) =>
      pinForumTopic({ groupId, topicId, isPinned }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getForumTopicsQueryOptions(groupId).queryKey }),
    onError: (error) =>
      toast({ title: POST_MESSAGES.errorTitle, description: error.message, variant: 'destructive' }),
  });
}
