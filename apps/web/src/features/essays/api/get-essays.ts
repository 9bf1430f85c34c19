import type { EssayDetail, EssayPrompt, EssayReliability, EssaySummary } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { essayKeys } from './essay-keys.ts';

// The reads of the redação: the viewer's essays, one essay, the proposals, the grader's reliability.

const myEssaysQueryOptions = () =>
  queryOptions({
    queryKey: essayKeys.mine(),
    queryFn: ({ signal }) => api.getPage<EssaySummary>('/essays', { signal }),
  });

export const useMyEssays = () => useQuery(myEssaysQueryOptions());

const essayQueryOptions = (essayId: string) =>
  queryOptions({
    queryKey: essayKeys.one(essayId),
    queryFn: ({ signal }) => api.get<EssayDetail>(`/essays/${encodeURIComponent(essayId)}`, { signal }),
  });

export const useEssay = (essayId: string) => useQuery(essayQueryOptions(essayId));

export const useEssayPrompts = () =>
  useQuery({
    queryKey: essayKeys.prompts(),
    queryFn: ({ signal }) => api.getPage<EssayPrompt>('/essay-prompts', { signal }),
  });

export const useReliability = () =>
  useQuery({
    queryKey: essayKeys.reliability(),
    queryFn: ({ signal }) => api.get<EssayReliability>('/essay-reviews/reliability', { signal }),
  });
