import { POST_MESSAGES } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { forumTopicPath, getForumTopicsQueryOptions } from './forum-topics.ts';

/** One moderation step (owner and co-teachers): close, hide or delete a topic or a reply. */
export type ForumModeration =
  | { kind: 'close-topic'; topicId: string; isClosed: boolean }
  | { kind: 'hide-topic'; topicId: string; isHidden: boolean }
  | { kind: 'delete-topic'; topicId: string }
  | { kind: 'hide-comment'; topicId: string; commentId: string; isHidden: boolean }
  | { kind: 'delete-comment'; topicId: string; commentId: string };

function moderateForum(groupId: string, step: ForumModeration) {
  const topic = forumTopicPath(groupId, step.topicId);
  switch (step.kind) {
    case 'close-topic':
      return apiRequest<unknown>(`${topic}/close`, { method: 'PUT', body: { isClosed: step.isClosed } });
    case 'hide-topic':
      return apiRequest<unknown>(`${topic}/hide`, { method: 'PUT', body: { isHidden: step.isHidden } });
    case 'delete-topic':
      return apiRequest<unknown>(topic, { method: 'DELETE' });
    case 'hide-comment':
      return apiRequest<unknown>(`${topic}/comments/${encodeURIComponent(step.commentId)}/hide`, {
        method: 'PUT',
        body: { isHidden: step.isHidden },
      });
    case 'delete-comment':
      return apiRequest<unknown>(`${topic}/comments/${encodeURIComponent(step.commentId)}`, {
        method: 'DELETE',
      });
  }
}

/** Moderates, then the forum is fetched again as the server now shows it to the moderator. */
export function useModerateForum(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: ForumModeration) => moderateForum(groupId, step),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getForumTopicsQueryOptions(groupId).queryKey }),
    onError: (error) =>
      toast({ title: POST_MESSAGES.errorTitle, description: error.message, variant: 'destructive' }),
  });
}
