import { type AnswerResult, BANK_PAGE_SIZE_MAX, type BankQuestion } from '@estudai/contract/constants';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import {
  type BankFilters,
  getBankQuestions,
  getBankQuestionsQueryOptions,
} from '../../../lib/queries/bank-questions.ts';
import { toast } from '../../../lib/toast.ts';
import { cursorOfCachedQuestion, isSameQuestion, updateCachedBankQuestion } from './bank-cache.ts';
import { studyKeys } from './study-keys.ts';

type QuestionRef = Pick<BankQuestion, 'postId' | 'questionIndex' | 'postType'>;

/** `POST /api/posts/{id}/answer`; a quiz's question is answered on its own with its `questionIndex`. */
export const answerBankQuestion = (question: QuestionRef, optionIndex: number) =>
  api.post<AnswerResult>(`/posts/${encodeURIComponent(question.postId)}/answer`, {
    optionIndex,
    ...(question.postType === 'question_set' ? { questionIndex: question.questionIndex } : {}),
  });

/**
 * The community figure ('68% acertaram') is not in the answer's reply: the page the question came
 * from is asked again (same cursor and filters, a status filter set to the new result) and the
 * question's figures are taken from it (and its caderno entry: a wrong answer has just made one).
 */
async function refreshCommunity(
  queryClient: QueryClient,
  filters: BankFilters,
  question: QuestionRef,
  isCorrect: boolean,
) {
  const { queryKey } = getBankQuestionsQueryOptions(filters);
  const cursor = cursorOfCachedQuestion(queryClient, queryKey, question);
  const status: BankFilters['status'] = isCorrect ? 'correct' : 'wrong';
  const refiltered = filters.status ? { ...filters, status } : filters;
  const page = await getBankQuestions(refiltered, cursor, { limit: BANK_PAGE_SIZE_MAX });
  const fresh = page.data.find((item) => isSameQuestion(item, question));
  if (!fresh) return;
  updateCachedBankQuestion(queryClient, question, (item) => ({
    ...item,
    community: fresh.community,
    optionShares: fresh.optionShares,
    notebookEntryId: fresh.notebookEntryId,
  }));
}

/** Answers a bank question in place: the key, the explanation and then the community figure show. */
export function useAnswerBankQuestion(filters: BankFilters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ question, optionIndex }: { question: QuestionRef; optionIndex: number }) =>
      answerBankQuestion(question, optionIndex),
    onSuccess: async (result, { question }) => {
      updateCachedBankQuestion(queryClient, question, (item) => ({
        ...item,
        viewerAnswer: result.optionIndex,
        status: result.isCorrect ? 'correct' : 'wrong',
        // What others chose comes with the answer (issue 40); the figures below with the page.
        optionShares: result.optionShares,
        questionData: {
          ...item.questionData,
          correctAnswer: result.correctAnswer,
          ...(result.explanation ? { explanation: result.explanation } : {}),
        },
      }));
      // Other filter combinations are now out of date (not refetched here: this list stays put).
      void queryClient.invalidateQueries({ queryKey: studyKeys.bank(), refetchType: 'none' });
      // A wrong answer lands in the caderno, due at once.
      void queryClient.invalidateQueries({ queryKey: studyKeys.notebook() });
      void queryClient.invalidateQueries({ queryKey: studyKeys.notebookSummary() });
      await refreshCommunity(queryClient, filters, question, result.isCorrect).catch(() => undefined);
    },
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}
