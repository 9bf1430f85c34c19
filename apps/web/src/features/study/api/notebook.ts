import type { NotebookEntry, NotebookSummary, Subject } from '@estudai/contract/constants';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { studyKeys } from './study-keys.ts';

const notebookPath = (subject: Subject | '', cursor?: string) => {
  const params = new URLSearchParams();
  if (subject) params.set('subject', subject);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/notebook${query ? `?${query}` : ''}`;
};

const getNotebookQueryOptions = (subject: Subject | '') =>
  infiniteQueryOptions({
    queryKey: [...studyKeys.notebook(), { subject }],
    queryFn: ({ pageParam, signal }) =>
      api.getPage<NotebookEntry>(notebookPath(subject, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });

// The caderno changes from other screens too (a wrong answer in the feed adds to it): each study
// screen asks afresh when it opens, showing the copy it has meanwhile.
export const useNotebook = (subject: Subject | '') =>
  useInfiniteQuery({ ...getNotebookQueryOptions(subject), refetchOnMount: 'always' });

const getNotebookSummaryQueryOptions = () =>
  queryOptions({
    queryKey: studyKeys.notebookSummary(),
    queryFn: ({ signal }) => api.get<NotebookSummary>('/notebook/summary', { signal }),
  });

/** The caderno's counts by subject, and how many cards are due now (the badge). */
export const useNotebookSummary = () =>
  useQuery({ ...getNotebookSummaryQueryOptions(), refetchOnMount: 'always' });
