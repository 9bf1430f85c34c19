import type { Post } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { updateCachedPost } from './post-cache.ts';

const togglePostSave = ({ postId, save }: { postId: string; save: boolean }) => {
  const path = `/posts/${encodeURIComponent(postId)}/save`;
  return save ? api.post<Pick<Post, 'isSaved'>>(path) : api.delete<Pick<Post, 'isSaved'>>(path);
};

/** Saves or unsaves at once on screen; a failure puts it back. */
export function useTogglePostSave(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePostSave,
    onMutate: ({ save }) => {
      const previous = post.isSaved;
      updateCachedPost(queryClient, post.id, (p) => ({ ...p, isSaved: save }));
      return previous;
    },
    onSuccess: ({ isSaved }) => updateCachedPost(queryClient, post.id, (p) => ({ ...p, isSaved })),
    onError: (error, _input, previous) => {
      if (previous !== undefined)
        updateCachedPost(queryClient, post.id, (p) => ({ ...p, isSaved: previous }));
      toast({ title: 'Erro', description: error.message, variant: 'destructive' });
    },
  });
}
