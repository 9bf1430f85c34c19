import type { AnswerResult, Post } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { updateCachedPost } from './post-cache.ts';

const answerQuestion = ({ postId, optionIndex }: { postId: string; optionIndex: number }) =>
  api.post<AnswerResult>(`/posts/${encodeURIComponent(postId)}/answer`, { optionIndex });

/** Sends the answer; the post then carries it with the answer key, as after a reload. */
export function useAnswerQuestion(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuestion,
    onSuccess: (result) =>
      updateCachedPost(queryClient, post.id, (p) => ({
        ...p,
        viewerAnswer: result.optionIndex,
        questionData: p.questionData && {
          ...p.questionData,
          correctAnswer: result.correctAnswer,
          explanation: result.explanation,
        },
      })),
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}
