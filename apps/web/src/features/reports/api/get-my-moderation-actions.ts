import type { AppealInput, MyModerationAction } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The actions taken against the viewer, newest first (`GET /api/users/me/moderation-actions`). */
const getMyModerationActionsQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'moderation-actions'],
    queryFn: ({ signal }) => api.get<MyModerationAction[]>('/users/me/moderation-actions', { signal }),
  });

export const useMyModerationActions = () => useQuery(getMyModerationActionsQueryOptions());

const appealAction = ({ actionId, input }: { actionId: string; input: AppealInput }) =>
  api.post<{ id: string; message: string }>(
    `/moderation-actions/${encodeURIComponent(actionId)}/appeal`,
    input,
  );

/** 'Recorrer': the list shows the appeal pending once it is sent. */
export function useAppealAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: appealAction,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getMyModerationActionsQueryOptions().queryKey }),
  });
}
