import type { Me, PrivacySettings, UpdatePrivacyInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useMe } from '../../../lib/me.ts';

const updatePrivacy = (input: UpdatePrivacyInput) => api.patch<PrivacySettings>('/users/me/privacy', input);

/** The answer is kept on the signed-in person, where the switches read it. */
export function useUpdatePrivacy() {
  const me = useMe();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: updatePrivacy,
    onSuccess: (privacy) => {
      if (!me) return;
      const updated: Me = { ...me, privacy };
      setUser(updated);
    },
  });
}
