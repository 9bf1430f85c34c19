import type { SignupProfile } from '@estudai/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { pendingInvite } from '../../../lib/guardian-invite.ts';
import { DEMO_PARAM, GUARDIAN_SIGN_UP_PARAM, SIGN_UP_PARAM } from '../../../lib/paths.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { DemoSignIn } from '../components/demo-sign-in.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { useGoogleSignInError } from '../components/google-sign-in-error.ts';
import { LoginForm } from '../components/login-form.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';
import { UserTypeChooser } from '../components/user-type-chooser.tsx';

type Mode =
  | { name: 'login' }
  | { name: 'choose-type' }
  | { name: 'sign-up'; userType: SignupProfile }
  | { name: 'forgot' }
  | { name: 'demo' };

/** /auth: login, the user-type chooser, the sign-up form and forgot password (spec §2, §4). */
export function AuthPage() {
  // The landing page's 'Criar conta' opens on the user-type choice.
  const [searchParams] = useSearchParams();
  // The guardian invitation's 'Criar conta de responsável' opens on a guardian's sign-up, with no
  // type to choose (issue 36), while the invitation waits on this device.
  const [mode, setMode] = useState<Mode>(() =>
    searchParams.has(DEMO_PARAM)
      ? { name: 'demo' }
      : searchParams.has(GUARDIAN_SIGN_UP_PARAM) && pendingInvite()
        ? { name: 'sign-up', userType: 'responsavel' }
        : searchParams.has(SIGN_UP_PARAM)
          ? { name: 'choose-type' }
          : { name: 'login' },
  );
  useGoogleSignInError();
  const toLogin = useCallback(() => setMode({ name: 'login' }), []);

  // On a switch of screens (not on arriving), focus goes to the new screen's heading: the button
  // that had it is gone, and the heading is read out.
  const screenRef = useRef<HTMLDivElement>(null);
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    screenRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [mode]);

  return (
    <AuthLayout>
      <div ref={screenRef}>
        {mode.name === 'demo' && <DemoSignIn onUnavailable={toLogin} />}
        {mode.name === 'login' && (
          <LoginForm
            onForgotPassword={() => setMode({ name: 'forgot' })}
            onCreateAccount={() => setMode({ name: 'choose-type' })}
          />
        )}
        {mode.name === 'choose-type' && (
          <UserTypeChooser onChoose={(userType) => setMode({ name: 'sign-up', userType })} onBack={toLogin} />
        )}
        {mode.name === 'sign-up' && (
          <SignUpForm
            userType={mode.userType}
            onBack={mode.userType === 'responsavel' ? toLogin : () => setMode({ name: 'choose-type' })}
            onLogin={toLogin}
          />
        )}
        {mode.name === 'forgot' && <ForgotPasswordForm onBack={toLogin} />}
      </div>
    </AuthLayout>
  );
}
