import type { Post } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { updateCachedPost } from './post-cache.ts';

const votePoll = ({ postId, optionIndex }: { postId: string; optionIndex: number }) =>
  api.post<Post>(`/posts/${encodeURIComponent(postId)}/vote`, { optionIndex });

/** Records the vote; the server answers with the counts after it. */
export function useVotePoll(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: votePoll,
    onSuccess: (updated) =>
      updateCachedPost(queryClient, post.id, (p) => ({
        ...p,
        pollData: updated.pollData ?? p.pollData,
        viewerVote: updated.viewerVote,
      })),
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}
