import type { CreateTopicInput, ForumTopic } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { forumPath, getForumTopicsQueryOptions } from './forum-topics.ts';

const createForumTopic = ({ groupId, ...input }: CreateTopicInput & { groupId: string }) =>
  api.post<ForumTopic>(forumPath(groupId), input);

/** Opens a topic; the list is fetched again so it shows in its place (pinned ones stay on top). */
export function useCreateForumTopic(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTopicInput) => createForumTopic({ groupId, ...input }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getForumTopicsQueryOptions(groupId).queryKey }),
  });
}
