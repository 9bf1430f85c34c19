import type { EssayAssignment, EssayReviewInput } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { essayKeys } from './essay-keys.ts';

// The grader's calls: the next assignment (null when nothing waits), and the correction.

const nextAssignment = (groupId?: string) =>
  api
    .post<EssayAssignment | undefined>('/essay-reviews/next', groupId ? { groupId } : {})
    .then((data) => data ?? null);

export function useNextAssignment() {
  return useMutation({ mutationFn: (groupId?: string) => nextAssignment(groupId) });
}

export function useSendReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EssayReviewInput) =>
      api.post<{ id: string; status: 'done' }>(`/essay-reviews/${encodeURIComponent(reviewId)}`, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: essayKeys.all }),
  });
}
