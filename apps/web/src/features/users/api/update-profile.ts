import { type UpdateProfileInput, USER_MESSAGES, type UserProfile } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { toast } from '../../../lib/toast.ts';
import { applyUserLook } from '../../../lib/user-cache.ts';
import { getProfileQueryOptions } from './get-profile.ts';

const isRefusal = (error: Error): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message !== '';

const updateProfile = (input: UpdateProfileInput) => api.patch<UserProfile>('/users/me', input);

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
    onError: (error) => {
      toast({
        title: USER_MESSAGES.errorTitle,
        // The server's reason when it refused what was sent (a picture it cannot read, a name too
        // long); the spec's words when it could not answer.
        description: isRefusal(error) ? error.message : USER_MESSAGES.profileUpdateFailed,
        variant: 'destructive',
      });
    },
  });
}
