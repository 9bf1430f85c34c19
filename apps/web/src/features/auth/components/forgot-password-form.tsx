import { AUTH_MESSAGES } from '@estudai/contract/constants';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { checkForgotPassword } from '../auth-validation.ts';
import { AuthHeading } from './auth-layout.tsx';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const resetMutation = useSendPasswordReset();

  const handleSend = handleSubmit(({ email }) => {
    const checked = checkForgotPassword(email);
    if (!checked.ok) {
      toast({ ...checked.problem, variant: 'destructive' });
      return;
    }
    resetMutation.mutate(checked.data, {
      onSuccess: () => {
        toast({ title: AUTH_MESSAGES.emailSentTitle, description: AUTH_MESSAGES.emailSent });
        onBack();
      },
      onError: (error) =>
        toast({ title: AUTH_MESSAGES.forgotErrorTitle, description: error.message, variant: 'destructive' }),
    });
  });

  return (
    <>
      <AuthHeading
        title="Recuperar senha"
        subtitle="Digite o email da sua conta e enviaremos as instruções para criar uma nova senha."
      />
      <form noValidate onSubmit={handleSend} className="grid gap-4">
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
        <Button type="submit" size="lg" disabled={resetMutation.isPending}>
          {resetMutation.isPending ? 'Enviando...' : 'Enviar instruções'}
        </Button>
      </form>
      <Button variant="ghost" className="mt-4 w-full" onClick={onBack}>
        Voltar para o login
      </Button>
    </>
  );
}
