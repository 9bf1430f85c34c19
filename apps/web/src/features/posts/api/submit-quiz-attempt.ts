import type { Post, QuizAttemptResult } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { updateCachedPost } from './post-cache.ts';

const submitQuizAttempt = ({ postId, answers }: { postId: string; answers: number[] }) =>
  api.post<QuizAttemptResult>(`/posts/${encodeURIComponent(postId)}/quiz-attempts`, { answers });

/** Grades a finished quiz on the server; the result becomes the post's latest attempt. */
export function useSubmitQuizAttempt(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuizAttempt,
    onSuccess: (result) =>
      updateCachedPost(queryClient, post.id, (p) => ({ ...p, viewerQuizAttempt: result })),
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}
