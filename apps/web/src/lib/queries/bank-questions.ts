import type { BankQuestion, QuestionStatus } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { bankKeys } from '../query-keys.ts';

/**
 * The bank's filters as the screen holds them; '' is "any". Matéria, Banca and Dificuldade hold
 * several values separated by commas ('matematica,fisica'), as the address and the API take them.
 */
export interface BankFilters {
  subject: string;
  topic: string;
  exam: string;
  difficulty: string;
  year: string;
  status: QuestionStatus | '';
  search: string;
  /** 'true': anuladas and desatualizadas too (issue 40), which the bank hides otherwise. */
  includeInactive: 'true' | '';
}

export const emptyBankFilters: BankFilters = {
  subject: '',
  topic: '',
  exam: '',
  difficulty: '',
  year: '',
  status: '',
  search: '',
  includeInactive: '',
};

/** The values of a list filter ('matematica,fisica'), in order. */
export const listValues = (value: string): string[] => value.split(',').filter(Boolean);

/** `?subject=…&status=…`: only the filters given, trimmed, all of them combined by the server. */
export function bankQueryString(filters: BankFilters, cursor?: string, limit?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    const text = value.trim();
    if (text) params.set(name, text);
  }
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  // A list's commas stay readable in the address ('subject=matematica,fisica'); both forms mean the same.
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
}

export const getBankQuestions = (
  filters: BankFilters,
  cursor?: string,
  options: { signal?: AbortSignal; limit?: number } = {},
) =>
  api.getPage<BankQuestion, { total?: number }>(
    `/questions${bankQueryString(filters, cursor, options.limit)}`,
    options,
  );

export const getBankQuestionsQueryOptions = (filters: BankFilters) =>
  infiniteQueryOptions({
    queryKey: [...bankKeys.all, filters],
    queryFn: ({ pageParam, signal }) => getBankQuestions(filters, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });

/** Asked afresh when the screen opens: questions answered in the feed meanwhile change status. */
export const useBankQuestions = (filters: BankFilters) =>
  useInfiniteQuery({ ...getBankQuestionsQueryOptions(filters), refetchOnMount: 'always' });
