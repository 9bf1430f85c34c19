import { AUTH_MESSAGES } from '@estudai/contract/constants';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';

/** The server sends a failed Google sign-in back to /auth?erro=<reason>. */
const GOOGLE_ERRORS: Record<string, string> = {
  suspended: AUTH_MESSAGES.accountSuspended,
  unverified: 'O e-mail da sua conta Google não está verificado.',
};
const GOOGLE_ERROR_FALLBACK = 'Não foi possível entrar com o Google. Tente novamente.';

/** Tells why the Google sign-in failed, once, and drops the reason from the address. */
export function useGoogleSignInError() {
  const [params, setParams] = useSearchParams();
  const reason = params.get('erro');
  useEffect(() => {
    if (!reason) return;
    toast({
      title: AUTH_MESSAGES.loginErrorTitle,
      description: GOOGLE_ERRORS[reason] ?? GOOGLE_ERROR_FALLBACK,
      variant: 'destructive',
    });
    setParams({}, { replace: true });
  }, [reason, setParams]);
}
