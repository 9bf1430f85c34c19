import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useMe } from '../../../lib/me.ts';

// The form, and zod with the contract's schema it validates with, loads only for a student who still
// has to answer: not with the first route of everyone else.
const BirthDateForm = lazyPart(() => import('./birth-date-form.tsx'), 'BirthDateForm');

/**
 * Accounts made before the birth date was asked (and Google sign-ins) answer it once, on their next
 * visit (issue 25), at the top of every screen: until then the server keeps chat and paid groups closed to them.
 */
export function BirthDatePrompt() {
  const me = useMe();
  if (!me?.needsBirthDate) return null;
  return <BirthDateForm />;
}
