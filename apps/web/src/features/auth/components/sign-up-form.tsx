import {
  AUTH_MESSAGES,
  brasiliaToday,
  MINORS_MESSAGES,
  type SignupProfile,
} from '@estudai/contract/constants';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { pendingInvite } from '../../../lib/guardian-invite.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSignUp } from '../api/sign-up.ts';
import { checkSignUp, type SignUpValues } from '../auth-validation.ts';
import { AuthHeading } from './auth-layout.tsx';
import { SIGNUP_TYPE_NAMES } from './user-type-chooser.tsx';

export function SignUpForm({
  userType,
  onBack,
  onLogin,
}: {
  userType: SignupProfile;
  onBack: () => void;
  onLogin: () => void;
}) {
  const { register, handleSubmit } = useForm<SignUpValues>({
    defaultValues: { displayName: '', email: '', birthDate: '', password: '', confirmPassword: '' },
  });
  const signUpMutation = useSignUp();
  const { setUser } = useAuth();

  const handleSignUp = handleSubmit((values) => {
    // A guardian's account is made from the teen's invitation this device keeps (issue 36).
    const invite = userType === 'responsavel' ? (pendingInvite() ?? undefined) : undefined;
    const checked = checkSignUp(values, userType, invite);
    if (!checked.ok) {
      toast({ ...checked.problem, variant: 'destructive' });
      return;
    }
    signUpMutation.mutate(checked.data, {
      // Signed in, the route gate moves on: to /verify-email, or to / when already verified.
      onSuccess: setUser,
      onError: (error) =>
        toast({ title: AUTH_MESSAGES.signupErrorTitle, description: error.message, variant: 'destructive' }),
    });
  });

  return (
    <>
      <AuthHeading
        title="Criar conta"
        subtitle={
          userType === 'responsavel'
            ? 'Sua conta de responsável: depois de criá-la, você confirma o vínculo com o estudante.'
            : `Complete seu cadastro como ${SIGNUP_TYPE_NAMES[userType]}`
        }
      />
      <form noValidate onSubmit={handleSignUp} className="grid gap-4">
        <Field label="Nome completo">
          {({ id }) => (
            <Input id={id} autoComplete="name" placeholder="Seu nome" {...register('displayName')} />
          )}
        </Field>
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
        <Field label={MINORS_MESSAGES.birthDateLabel}>
          {({ id }) => (
            <Input
              id={id}
              type="date"
              required
              autoComplete="bday"
              max={brasiliaToday()}
              {...register('birthDate')}
            />
          )}
        </Field>
        <Field label="Senha">
          {({ id }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              placeholder="Pelo menos 6 caracteres"
              {...register('password')}
            />
          )}
        </Field>
        <Field label="Confirmar senha">
          {({ id }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              placeholder="Repita a senha"
              {...register('confirmPassword')}
            />
          )}
        </Field>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Ao criar a conta, você concorda com a nossa{' '}
          <Link to={paths.privacy()} className="font-medium text-indigo-600 underline dark:text-indigo-400">
            página de privacidade
          </Link>
          , que explica quais dados guardamos e por quê.
        </p>
        <Button type="submit" size="lg" disabled={signUpMutation.isPending}>
          {signUpMutation.isPending ? 'Criando conta...' : 'Criar conta'}
        </Button>
      </form>
      <div className="mt-4 grid gap-1">
        <Button variant="ghost" onClick={onBack}>
          Voltar
        </Button>
        <p className="text-center text-sm text-slate-600 dark:text-slate-300">
          Já tem uma conta?{' '}
          <Button variant="link" onClick={onLogin}>
            Entrar
          </Button>
        </p>
      </div>
    </>
  );
}
