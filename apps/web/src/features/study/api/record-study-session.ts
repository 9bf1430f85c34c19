import type { CreateStudySessionInput, StudyStats, UserProfile } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

const recordStudySession = (input: CreateStudySessionInput) => api.post<StudyStats>('/study-sessions', input);

/** Saves a finished session; the own profile shows the new statistics at once. */
export function useRecordStudySession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordStudySession,
    onSuccess: (stats) => {
      queryClient.setQueryData<UserProfile>(userKeys.profile(userId), (profile) =>
        profile ? { ...profile, ...stats } : profile,
      );
    },
  });
}
