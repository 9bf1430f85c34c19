import type { Me, StudyPlan } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { ALL_FEEDS_KEY } from './get-feed.ts';

const setStudyPlan = (input: StudyPlan) => api.put<Me>('/users/me/study-plan', input);

/** The first-run step's answer: kept as the session's user, and 'Para você' is asked again. */
export function useSetStudyPlan() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStudyPlan,
    onSuccess: (me) => {
      setUser(me);
      void queryClient.invalidateQueries({ queryKey: ALL_FEEDS_KEY });
    },
  });
}
