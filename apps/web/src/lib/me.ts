import type { Me } from '@estudai/contract/constants';
import { useAuth } from './auth.tsx';

/**
 * The signed-in person with what only they see (birth date, 'modo protegido', supervision, privacy),
 * as `/auth/session`, sign-up and login answer it. Null while signed out, and while the user shown is
 * still the copy stored for a fast first paint (it keeps only the public fields).
 */
export function useMe(): Me | null {
  const { user } = useAuth();
  return user && 'needsBirthDate' in user ? (user as Me) : null;
}
