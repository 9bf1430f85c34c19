import type { Post } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { updateCachedPost } from './post-cache.ts';

type LikeState = Pick<Post, 'isLiked' | 'likesCount'>;

const togglePostLike = ({ postId, like }: { postId: string; like: boolean }) => {
  const path = `/posts/${encodeURIComponent(postId)}/like`;
  return like ? api.post<LikeState>(path) : api.delete<LikeState>(path);
};

/** Likes or unlikes at once on screen; the server's count wins when it answers, a failure undoes it. */
export function useTogglePostLike(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePostLike,
    onMutate: ({ like }) => {
      const previous: LikeState = { isLiked: post.isLiked, likesCount: post.likesCount };
      updateCachedPost(queryClient, post.id, (p) => ({
        ...p,
        isLiked: like,
        likesCount: Math.max(0, p.likesCount + (like ? 1 : -1)),
      }));
      return previous;
    },
    onSuccess: (state) => updateCachedPost(queryClient, post.id, (p) => ({ ...p, ...state })),
    onError: (error, _input, previous) => {
      if (previous) updateCachedPost(queryClient, post.id, (p) => ({ ...p, ...previous }));
      toast({ title: 'Erro', description: error.message, variant: 'destructive' });
    },
  });
}
