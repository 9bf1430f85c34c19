import { AUTH_MESSAGES, ErrorCode, type LoginInput, PRIVACY_MESSAGES } from '@estudai/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { passRobotCheck } from '../../../lib/robot-check/solve-challenge.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuthProviders } from '../api/get-auth-providers.ts';
import { useLogin } from '../api/login.ts';
import { checkLogin, type LoginValues } from '../auth-validation.ts';
import { AuthHeading } from './auth-layout.tsx';
import { SuspensionAppeal } from './suspension-appeal.tsx';

export function LoginForm({
  onForgotPassword,
  onCreateAccount,
}: {
  onForgotPassword: () => void;
  onCreateAccount: () => void;
}) {
  const { register, handleSubmit } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  const loginMutation = useLogin();
  const { google } = useAuthProviders();
  const { setUser } = useAuth();

  // After many wrong passwords for the account (anyone's), the server asks for the proof of work:
  // it is solved here, in a worker, and the same sign-in is sent again with it.
  const [isCheckingRobot, setCheckingRobot] = useState(false);
  // Refused for a suspension: the same credentials may appeal it (issue 43).
  const [suspended, setSuspended] = useState<{ email: string; password: string } | null>(null);
  const robotCheckAbort = useRef<AbortController | null>(null);
  useEffect(() => () => robotCheckAbort.current?.abort(), []);

  const showError = (error: Error) =>
    toast({
      title: AUTH_MESSAGES.loginErrorTitle,
      description: error.message || AUTH_MESSAGES.loginErrorFallback,
      variant: 'destructive',
    });

  const signIn = (input: LoginInput) =>
    loginMutation.mutate(input, {
      // Signed in, the route gate moves on: to /verify-email, or to / when already verified.
      onSuccess: (reply) => {
        // Signing in cancels a scheduled deletion (issue 25): say so.
        if (reply.deletionCancelled) toast({ title: PRIVACY_MESSAGES.deletionCancelled, duration: 8_000 });
        setUser(reply);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.accountSuspended) {
          setSuspended({ email: input.email, password: input.password });
          return;
        }
        const asksRobotCheck = error instanceof ApiError && error.code === ErrorCode.robotCheckRequired;
        if (!asksRobotCheck || input.robotCheck) return showError(error);
        void signInWithRobotCheck(input);
      },
    });

  async function signInWithRobotCheck(input: LoginInput) {
    robotCheckAbort.current?.abort();
    const controller = new AbortController();
    robotCheckAbort.current = controller;
    setCheckingRobot(true);
    try {
      const robotCheck = await passRobotCheck(controller.signal);
      if (!controller.signal.aborted) signIn({ ...input, robotCheck });
    } catch (error) {
      if (!controller.signal.aborted) showError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      if (!controller.signal.aborted) setCheckingRobot(false);
    }
  }

  const handleLogin = handleSubmit((values) => {
    const checked = checkLogin(values);
    if (!checked.ok) {
      toast({ ...checked.problem, variant: 'destructive' });
      return;
    }
    signIn(checked.data);
  });
  const isBusy = loginMutation.isPending || isCheckingRobot;

  return (
    <>
      <AuthHeading title="Entrar" subtitle="Que bom ver você de novo!" />
      <form noValidate onSubmit={handleLogin} className="grid gap-4">
        <Field label="Email">
          {({ id }) => (
            <Input
              id={id}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="voce@exemplo.com"
              {...register('email')}
            />
          )}
        </Field>
        <Field label="Senha">
          {({ id }) => (
            <PasswordInput
              id={id}
              autoComplete="current-password"
              placeholder="Sua senha"
              {...register('password')}
            />
          )}
        </Field>
        <div className="-mt-1 flex justify-end">
          <Button variant="link" className="text-sm" onClick={onForgotPassword}>
            Esqueci minha senha
          </Button>
        </div>
        <Button type="submit" size="lg" disabled={isBusy}>
          {isCheckingRobot
            ? AUTH_MESSAGES.robotCheckRunning
            : loginMutation.isPending
              ? 'Entrando...'
              : 'Entrar'}
        </Button>
        {isCheckingRobot && (
          <p role="status" className="text-center text-sm text-slate-600 dark:text-slate-300">
            {AUTH_MESSAGES.robotCheckRequired}
          </p>
        )}
      </form>
      {suspended && <SuspensionAppeal email={suspended.email} password={suspended.password} />}

      {google && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-slate-400" aria-hidden>
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            ou
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          <a
            href="/api/auth/google"
            className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}
          >
            <GoogleMark />
            Entrar com Google
          </a>
        </>
      )}

      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        Ainda não tem conta?{' '}
        <Button variant="link" onClick={onCreateAccount}>
          Criar conta
        </Button>
      </p>
    </>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden>
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.7v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.8V6.5h-4a12 12 0 0 0 0 10.9z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.5l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
      />
    </svg>
  );
}
