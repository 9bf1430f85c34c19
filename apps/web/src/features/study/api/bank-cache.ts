import type { BankQuestion } from '@estudai/contract/constants';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ApiPage } from '../../../lib/api.ts';
import { studyKeys } from './study-keys.ts';

type BankData = InfiniteData<ApiPage<BankQuestion>, string | undefined>;

export const isSameQuestion = (a: Pick<BankQuestion, 'postId' | 'questionIndex'>, b: typeof a) =>
  a.postId === b.postId && a.questionIndex === b.questionIndex;

/** Changes one question in every cached bank list (any filters) that holds it. */
export function updateCachedBankQuestion(
  queryClient: QueryClient,
  question: Pick<BankQuestion, 'postId' | 'questionIndex'>,
  update: (question: BankQuestion) => BankQuestion,
) {
  queryClient.setQueriesData<BankData>({ queryKey: studyKeys.bank() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((item) => (isSameQuestion(item, question) ? update(item) : item)),
          })),
        }
      : data,
  );
}

/** The cursor the page holding this question was asked with (undefined: the first page). */
export function cursorOfCachedQuestion(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  question: Pick<BankQuestion, 'postId' | 'questionIndex'>,
): string | undefined {
  const data = queryClient.getQueryData<BankData>(queryKey);
  const index = data?.pages.findIndex((page) => page.data.some((item) => isSameQuestion(item, question)));
  return index === undefined || index < 0 ? undefined : data?.pageParams[index];
}
