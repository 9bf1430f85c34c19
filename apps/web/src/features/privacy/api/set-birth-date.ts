import type { Me, SetBirthDateInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';

const setBirthDate = (input: SetBirthDateInput) => api.put<Me>('/users/me/birth-date', input);

/** Saves the birth date once; the answer is the whole signed-in person, kept as the session's user. */
export function useSetBirthDate() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: setBirthDate, onSuccess: (me) => setUser(me) });
}
