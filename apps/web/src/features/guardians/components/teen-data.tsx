import { type DeleteAccountInput, deleteAccountSchema } from '@estudai/contract';
import { ACCOUNT_DELETION_DAYS, type GuardianTeen } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DataExportPanel } from '../../../components/data-export-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { firstName, formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { requestTeenExport, useDeleteTeenAccount } from '../api/guardian-teens.ts';

/** 'Excluir a conta de Lucas' with the guardian's own password (LGPD art. 14 and 18). */
export function DeleteTeenForm({ teen }: { teen: GuardianTeen }) {
  const name = firstName(teen.teen.displayName);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountInput>({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const remove = useDeleteTeenAccount();
  const handleDelete = handleSubmit(({ password }) =>
    remove.mutate(
      { teenId: teen.teen.id, password },
      {
        onSuccess: ({ scheduledFor }) => {
          reset();
          toast({
            title: 'Exclusão agendada',
            description: `A conta de ${name} será excluída em ${formatDate(scheduledFor)}.`,
          });
        },
        // A wrong password is a 403 with its own message ('Senha incorreta.').
        onError: (failure) => setError('password', { message: failure.message }),
      },
    ),
  );
  const error = errors.password?.message;
  if (teen.deletionScheduledFor)
    return (
      <p role="status" className="text-sm font-medium text-red-700 dark:text-red-300">
        A conta de {name} será excluída em {formatDate(teen.deletionScheduledFor)}. Se {name} entrar de novo
        antes disso, a exclusão é cancelada.
      </p>
    );
  return (
    <form onSubmit={handleDelete} noValidate className="grid gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A conta de {name} e tudo o que foi publicado nela serão apagados em {ACCOUNT_DELETION_DAYS} dias. Se{' '}
        {name} entrar de novo antes disso, a exclusão é cancelada.
      </p>
      <Field label="Sua senha, para confirmar" error={error}>
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
        {remove.isPending ? 'Excluindo...' : `Excluir a conta de ${name}`}
      </Button>
    </form>
  );
}

/** A copy of the teen's data (ZIP), followed like the guardian's own. */
export function TeenExport({ teen }: { teen: GuardianTeen }) {
  const name = firstName(teen.teen.displayName);
  return (
    <DataExportPanel
      request={() => requestTeenExport(teen.teen.id)}
      storageKey={`dataExport:${teen.teen.id}`}
      label={`Pedir cópia dos dados de ${name}`}
    >
      Um arquivo ZIP com tudo o que a conta de {name} tem: perfil, posts, comentários, mensagens enviadas,
      estudo, grupos e arquivos. Avisamos por notificação e e-mail quando ficar pronto.
    </DataExportPanel>
  );
}
