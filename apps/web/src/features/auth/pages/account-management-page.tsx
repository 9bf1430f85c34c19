import { AUTH_MESSAGES, ErrorCode } from '@estudai/contract/constants';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { confirmEmail } from '../api/confirm-email.ts';
import { resetPassword } from '../api/reset-password.ts';
import { checkNewPassword } from '../auth-validation.ts';
import { AuthHeading, AuthLayout } from '../components/auth-layout.tsx';

type Step =
  | { name: 'loading' }
  | { name: 'form' }
  | { name: 'success'; message: string }
  | { name: 'error'; message: string };

/** What the link asks for, decided before anything is sent (spec §2 /auth/mgmt). */
function firstStep(mode: string | null, oobCode: string | null): Step {
  if (!mode || !oobCode) return { name: 'error', message: AUTH_MESSAGES.linkMissing };
  if (mode === 'verifyEmail' || mode === 'resetPassword') return { name: 'loading' };
  return { name: 'error', message: AUTH_MESSAGES.unknownAction };
}

/** /auth/mgmt?mode=…&oobCode=…: signs out, then confirms the e-mail or sets a new password. */
export function AccountManagementPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const { logout } = useAuth();
  const [step, setStep] = useState<Step>(() => firstStep(mode, oobCode));
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    const loggedOut = logout();
    if (!oobCode) return;
    if (mode === 'verifyEmail') {
      confirmEmail({ oobCode }).then(
        ({ message }) => setStep({ name: 'success', message: message || AUTH_MESSAGES.emailVerified }),
        (error: Error) => setStep({ name: 'error', message: error.message || AUTH_MESSAGES.codeInvalid }),
      );
    } else if (mode === 'resetPassword') {
      void loggedOut.then(() => setStep({ name: 'form' }));
    }
  }, [logout, mode, oobCode]);

  return (
    <AuthLayout>
      <AuthHeading title="Gerenciamento de Conta" />
      {step.name === 'loading' && (
        <div role="status" className="grid justify-items-center gap-2 text-center">
          <Spinner size="xl" />
          <p className="font-medium text-slate-900 dark:text-white">Verificando link...</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Aguarde enquanto processamos sua solicitação.
          </p>
        </div>
      )}
      {step.name === 'form' && oobCode && <NewPasswordForm oobCode={oobCode} onDone={setStep} />}
      {step.name === 'success' && (
        <div className="grid justify-items-center gap-4 text-center">
          <CircleCheck className="size-12 text-emerald-600" aria-hidden />
          <p role="status" className="font-medium text-slate-900 dark:text-white">
            {step.message}
          </p>
          <Link to={paths.auth()} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            Ir para o Login
          </Link>
        </div>
      )}
      {step.name === 'error' && (
        <div className="grid justify-items-center gap-4 text-center">
          <CircleX className="size-12 text-red-600" aria-hidden />
          <p role="alert" className="font-medium text-slate-900 dark:text-white">
            {step.message}
          </p>
          <Link
            to={paths.auth()}
            className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}
          >
            Voltar para o Login
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}

/** A password the server refuses for itself (too common) can be corrected; the link still works. */
const isPasswordProblem = (error: ApiError) =>
  error.code === ErrorCode.weakPassword || error.code === ErrorCode.validation;

function NewPasswordForm({ oobCode, onDone }: { oobCode: string; onDone: (step: Step) => void }) {
  const { register, handleSubmit, formState } = useForm<{ newPassword: string }>({
    defaultValues: { newPassword: '' },
  });
  const [fieldError, setFieldError] = useState<string>();

  const handleSave = handleSubmit(async ({ newPassword }) => {
    const checked = checkNewPassword(oobCode, newPassword);
    if (!checked.ok) {
      setFieldError(checked.problem.description);
      return;
    }
    setFieldError(undefined);
    try {
      const { message } = await resetPassword(checked.data);
      onDone({ name: 'success', message: message || AUTH_MESSAGES.passwordChanged });
    } catch (error) {
      const apiError = error as ApiError;
      if (isPasswordProblem(apiError)) setFieldError(apiError.message);
      else onDone({ name: 'error', message: apiError.message || AUTH_MESSAGES.resetInvalid });
    }
  });

  return (
    <form noValidate onSubmit={handleSave} className="grid gap-4">
      <p className="-mt-4 text-center text-sm text-slate-500 dark:text-slate-400">
        Defina uma nova senha segura.
      </p>
      <Field label="Nova Senha" error={fieldError}>
        {({ id, errorId }) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={errorId}
            {...register('newPassword')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Salvando...' : 'Salvar Nova Senha'}
      </Button>
    </form>
  );
}
