import type {
  AnswerResult,
  BankQuestion,
  MasteryCell,
  PracticeNext,
  Resolution,
  ReviewRating,
  Subject,
} from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

export interface PracticeFilters {
  subject: Subject | '';
  topic: string;
}

export const practiceKeys = {
  all: ['practice'] as const,
  next: (filters: PracticeFilters, round: number) => ['practice', 'next', filters, round] as const,
  mastery: () => ['practice', 'mastery'] as const,
  resolutions: (postId: string, questionIndex: number) =>
    ['practice', 'resolutions', postId, questionIndex] as const,
};

/** `GET /api/practice/next`: asking serves a question (not served again for 30 days), so never refetched on its own. */
const practiceNextQueryOptions = (filters: PracticeFilters, round: number) =>
  queryOptions({
    queryKey: practiceKeys.next(filters, round),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (filters.subject) params.set('subject', filters.subject);
      if (filters.topic) params.set('topic', filters.topic);
      const query = params.toString();
      return apiRequest<PracticeNext>(`/practice/next${query ? `?${query}` : ''}`, {
        signal,
        wholeBody: true,
      });
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

export const usePracticeNext = (filters: PracticeFilters, round: number) =>
  useQuery(practiceNextQueryOptions(filters, round));

const masteryQueryOptions = () =>
  queryOptions({
    queryKey: practiceKeys.mastery(),
    queryFn: ({ signal }) => api.get<MasteryCell[]>('/users/me/mastery', { signal }),
  });
export const useMastery = () => useQuery(masteryQueryOptions());

type QuestionRef = Pick<BankQuestion, 'postId' | 'questionIndex' | 'postType'>;

/** `POST /api/posts/{id}/answer` for the question practice served. */
export function useAnswerPracticeQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ question, optionIndex }: { question: QuestionRef; optionIndex: number }) =>
      api.post<AnswerResult>(`/posts/${encodeURIComponent(question.postId)}/answer`, {
        optionIndex,
        ...(question.postType === 'question_set' ? { questionIndex: question.questionIndex } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.mastery() }),
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}

/** `POST /api/reviews/{entryId}`: one FSRS review of a due caderno card. */
export function useReviewPracticeCard() {
  return useMutation({
    mutationFn: ({ entryId, rating }: { entryId: string; rating: ReviewRating }) =>
      api.post(`/reviews/${encodeURIComponent(entryId)}`, { rating, clientId: crypto.randomUUID() }),
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}

const resolutionsPath = (question: QuestionRef) =>
  `/posts/${encodeURIComponent(question.postId)}/resolutions`;

export const useResolutions = (question: QuestionRef) =>
  useQuery({
    queryKey: practiceKeys.resolutions(question.postId, question.questionIndex),
    queryFn: ({ signal }) =>
      api.get<Resolution[]>(`${resolutionsPath(question)}?questionIndex=${question.questionIndex}`, {
        signal,
      }),
  });

export function useWriteResolution(question: QuestionRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; mediaUrls: string[] }) =>
      api.post<Resolution>(resolutionsPath(question), { ...input, questionIndex: question.questionIndex }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: practiceKeys.resolutions(question.postId, question.questionIndex),
      }),
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}

export function useVoteResolution(question: QuestionRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, voted }: { id: string; voted: boolean }) =>
      voted
        ? api.delete<Resolution>(`/resolutions/${encodeURIComponent(id)}/vote`)
        : api.post<Resolution>(`/resolutions/${encodeURIComponent(id)}/vote`),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: practiceKeys.resolutions(question.postId, question.questionIndex),
      }),
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}
