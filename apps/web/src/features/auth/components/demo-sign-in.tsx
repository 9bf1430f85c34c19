import { AUTH_MESSAGES } from '@estudai/contract/constants';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { rememberDemoSession } from '../../../lib/demo-session.ts';
import { toast } from '../../../lib/toast.ts';
import { useDemoAccount } from '../api/get-demo-account.ts';
import { useLogin } from '../api/login.ts';

/**
 * /auth?demo=1, the landing page's 'Testar Demo' (issue 36): signs in to the demo account at once
 * and the route gate moves on to the feed. Without a demo account it hands over to the login form.
 */
export function DemoSignIn({ onUnavailable }: { onUnavailable: () => void }) {
  const account = useDemoAccount();
  const login = useLogin();
  const { setUser } = useAuth();
  const asked = useRef(false);
  useEffect(() => {
    if (account === null) onUnavailable();
    if (!account || asked.current) return;
    asked.current = true;
    login.mutate(account, {
      onSuccess: (reply) => {
        rememberDemoSession(reply.email);
        setUser(reply);
      },
      onError: (error) => {
        toast({
          title: AUTH_MESSAGES.loginErrorTitle,
          description: error.message || AUTH_MESSAGES.loginErrorFallback,
          variant: 'destructive',
        });
        onUnavailable();
      },
    });
  }, [account, login, setUser, onUnavailable]);
  return (
    <div role="status" className="grid justify-items-center gap-3 py-10 text-center">
      <Spinner />
      <p className="font-medium">Entrando na conta de demonstração…</p>
    </div>
  );
}
