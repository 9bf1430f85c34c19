import {
  type BulkResolveInput,
  type DecideAppealInput,
  type DecideImageInput,
  MEDIA_MESSAGES,
  type ModeratedImage,
  type ModerationQueue,
  type ModerationQueueKind,
} from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';

/** One tab of the moderators' queue, oldest first, with the counts of every tab and the median time. */
const getModerationQueueQueryOptions = (kind: ModerationQueueKind, userId?: string) =>
  queryOptions({
    queryKey: ['admin', 'moderation-queue', kind, userId ?? null],
    queryFn: ({ signal }) =>
      api.get<ModerationQueue>(
        `/admin/moderation/queue?kind=${kind}&limit=50${userId ? `&userId=${encodeURIComponent(userId)}` : ''}`,
        { signal },
      ),
  });

export const useModerationQueue = (kind: ModerationQueueKind, userId?: string) =>
  useQuery(getModerationQueueQueryOptions(kind, userId));

function useAdminMutation<T>(mutationFn: (input: T) => Promise<{ message: string }>, title: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async ({ message }) => {
      toast({ title, description: message });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: [POSTS_KEY] }),
      ]);
    },
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}

/** A second moderator upholds or reverses an appeal, with a note. */
export const useDecideAppeal = () =>
  useAdminMutation(
    ({ appealId, input }: { appealId: string; input: DecideAppealInput }) =>
      api.post<{ message: string }>(`/admin/appeals/${encodeURIComponent(appealId)}/decide`, input),
    'Recurso decidido',
  );

/** Every open report against one person decided at once. */
export const useResolveAllReports = () =>
  useAdminMutation(
    ({ userId, input }: { userId: string; input: BulkResolveInput }) =>
      api.post<{ message: string; resolved: number }>(
        `/admin/moderation/users/${encodeURIComponent(userId)}/resolve-reports`,
        input,
      ),
    'Denúncias resolvidas',
  );

/** A moderator's word on an image of the 'Imagens' tab (by the 32 hex characters of its file's name). */
export const useDecideImage = () =>
  useAdminMutation(async ({ key, input }: { key: string; input: DecideImageInput }) => {
    const id = key.split('/').pop()?.split('.')[0] ?? '';
    await api.post<ModeratedImage>(`/admin/images/${encodeURIComponent(id)}/decide`, input);
    return { message: MEDIA_MESSAGES.decided[input.sensitivity] };
  }, 'Imagem revisada');
