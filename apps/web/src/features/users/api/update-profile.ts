import { type UpdateProfileInput, USER_MESSAGES, type UserProfile } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { toast } from '../../../lib/toast.ts';
import { applyUserLook } from '../../../lib/user-cache.ts';
import { getProfileQueryOptions } from './get-profile.ts';

export const updateProfile = (input: UpdateProfileInput) => api.patch<UserProfile>('/users/me', input);

/** Saves the own profile; the header, the profile, every cached view of the person and the stored user show the result. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user, setUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      // Every post card, comment, list and page that shows this person takes the new name and picture.
      applyUserLook(queryClient, profile);
      queryClient.setQueryData(getProfileQueryOptions(profile.id).queryKey, profile);
      if (user) {
        setUser({
          ...user,
          displayName: profile.displayName,
          avatar: profile.avatar,
          userType: profile.userType,
        });
      }
      toast({ title: USER_MESSAGES.profileUpdatedTitle, description: USER_MESSAGES.profileUpdated });
    },
    onError: () => {
      toast({
        title: USER_MESSAGES.errorTitle,
        description: USER_MESSAGES.profileUpdateFailed,
        variant: 'destructive',
      });
    },
  });
}
