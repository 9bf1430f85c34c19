import type { StudyStatsDetail } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { studyKeys } from './study-keys.ts';

const getStudyStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: studyKeys.stats(userId),
    queryFn: ({ signal }) =>
      api.get<StudyStatsDetail>(`/users/${encodeURIComponent(userId)}/study-stats`, { signal }),
  });

/** Accuracy per subject, today's reviews (own profile) and 12 weeks of activity; fresh on each visit. */
export const useStudyStats = (userId: string) =>
  useQuery({ ...getStudyStatsQueryOptions(userId), refetchOnMount: 'always' });
