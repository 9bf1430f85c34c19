import { bankKeys } from '../../../lib/query-keys.ts';

// Every study query lives under ['study', …], so an answer or a review can refresh them together.
export const studyKeys = {
  all: ['study'] as const,
  bank: () => bankKeys.all,
  notebook: () => [...studyKeys.all, 'notebook'] as const,
  notebookSummary: () => [...studyKeys.all, 'notebook-summary'] as const,
  due: (userId: string) => [...studyKeys.all, 'due', userId] as const,
  reminder: () => [...studyKeys.all, 'reminder'] as const,
  stats: (userId: string) => [...studyKeys.all, 'stats', userId] as const,
};
