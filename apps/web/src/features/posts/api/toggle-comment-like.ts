import type { PostComment } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { getCommentsQueryOptions } from './get-comments.ts';

type LikeState = Pick<PostComment, 'isLiked' | 'likesCount'>;

const toggleCommentLike = ({ commentId, like }: { commentId: string; like: boolean }) => {
  const path = `/comments/${encodeURIComponent(commentId)}/like`;
  return like ? api.post<LikeState>(path) : api.delete<LikeState>(path);
};

function updateComment(comments: PostComment[], id: string, state: LikeState): PostComment[] {
  return comments.map((comment) =>
    comment.id === id
      ? { ...comment, ...state }
      : { ...comment, replies: updateComment(comment.replies, id, state) },
  );
}

/** Likes or unlikes a comment at once on screen; a failure puts it back. */
export function useToggleCommentLike(postId: string, comment: PostComment) {
  const queryClient = useQueryClient();
  const { queryKey } = getCommentsQueryOptions(postId);
  const setState = (state: LikeState) =>
    queryClient.setQueryData<ApiPage<PostComment>>(queryKey, (page) =>
      page ? { ...page, data: updateComment(page.data, comment.id, state) } : page,
    );
  return useMutation({
    mutationFn: toggleCommentLike,
    onMutate: ({ like }) => {
      const previous: LikeState = { isLiked: comment.isLiked, likesCount: comment.likesCount };
      setState({ isLiked: like, likesCount: Math.max(0, comment.likesCount + (like ? 1 : -1)) });
      return previous;
    },
    onSuccess: setState,
    onError: (error, _input, previous) => {
      if (previous) setState(previous);
      toast({ title: 'Erro', description: error.message, variant: 'destructive' });
    },
  });
}
