import { type DeleteAccountInput, deleteAccountSchema } from '@estudai/contract';
import { ACCOUNT_DELETION_DAYS, deletionScheduledMessage } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { formatLongDay } from '../privacy-format.ts';

/** Long enough to read the date before the landing page takes over. */
const SCHEDULED_TOAST_MS = 15_000;

/**
 * 'Excluir minha conta' with the password: the server schedules the erasure 7 days ahead and ends
 * the session; the date is said, with how to cancel (sign in again).
 */
export function DeleteAccountSection() {
  const { setUser } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountInput>({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  // The server already ended the session: the date is said, and this tab signs out at once.
  const remove = useDeleteAccount(({ scheduledFor }) => {
    toast({
      title: 'Exclusão agendada',
      description: deletionScheduledMessage(formatLongDay(scheduledFor)),
      duration: SCHEDULED_TOAST_MS,
    });
    setUser(null);
  });
  const handleDelete = handleSubmit((input) =>
    remove.mutate(input, {
      // A wrong password is a 403 with its own message ('Senha incorreta.').
      onError: (failure) => setError('password', { message: failure.message }),
    }),
  );
  const error = errors.password?.message;
  return (
    <form onSubmit={handleDelete} noValidate className="grid gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Sua conta e tudo o que você publicou serão apagados em {ACCOUNT_DELETION_DAYS} dias. Se você entrar de
        novo antes disso, a exclusão é cancelada. Quer uma cópia antes? Peça acima.
      </p>
      <Field label="Digite sua senha para confirmar" error={error}>
        {({ id, errorId }) => (
          <PasswordInput
            id={id}
            autoComplete="current-password"
            {...register('password')}
            aria-invalid={Boolean(error)}
            aria-describedby={errorId}
          />
        )}
      </Field>
      <Button type="submit" variant="destructive" disabled={remove.isPending}>
        {remove.isPending ? 'Excluindo...' : 'Excluir minha conta'}
      </Button>
    </form>
  );
}
