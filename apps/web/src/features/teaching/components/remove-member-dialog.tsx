import { type RemoveMemberInput, removeMemberInputSchema } from '@estudai/contract';
import { type GroupMember, TEACHING_MESSAGES as M, REMOVAL_REASON_MAX } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { formatPrice } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useRemoveMember } from '../api/members.ts';

/** What removing does to this member, said before it is done. */
function removalText(member: GroupMember): string {
  const base = `${member.displayName} perde o acesso ao grupo agora e recebe uma notificação com o motivo.`;
  return member.isPaying
    ? `${base} Como é um membro pagante, o último pagamento é reembolsado pelo provedor de pagamento.`
    : base;
}

/** Asks the reason, then removes the member (a paying one is refunded by the server). */
export function RemoveMemberDialog({
  groupId,
  member,
  onOpenChange,
}: {
  groupId: string;
  member: GroupMember | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveMember(groupId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ reason: string }, unknown, RemoveMemberInput>({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(removeMemberInputSchema),
    defaultValues: { reason: '' },
  });

  const handleOpenChange = (open: boolean) => {
    if (!open) reset();
    onOpenChange(open);
  };

  const handleRemove = handleSubmit(({ reason }) => {
    if (!member) return;
    remove.mutate(
      { userId: member.userId, reason },
      {
        onSuccess: (result) => {
          toast(
            result.refunded
              ? {
                  title: M.memberRemovedRefunded,
                  description:
                    result.refundAmount === null
                      ? undefined
                      : `${formatPrice(result.refundAmount)} devolvidos a ${member.displayName}.`,
                }
              : { title: M.memberRemoved },
          );
          handleOpenChange(false);
        },
        onError: (failure) => setError('reason', { message: failure.message }),
      },
    );
  });

  const error = errors.reason?.message;
  return (
    <Dialog open={member !== null} onOpenChange={handleOpenChange}>
      {member && (
        <DialogContent title={`Remover ${member.displayName}?`} description={removalText(member)}>
          <form onSubmit={handleRemove} noValidate className="grid gap-4 p-5">
            <Field label={M.removeReasonLabel} error={error}>
              {({ id, errorId }) => (
                <Textarea
                  id={id}
                  size="sm"
                  maxLength={REMOVAL_REASON_MAX}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={errorId}
                  {...register('reason')}
                />
              )}
            </Field>
            <div className="flex gap-2">
              <Button variant="outline" className="flex-1" onClick={() => handleOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" variant="destructive" className="flex-1" disabled={remove.isPending}>
                {remove.isPending ? 'Removendo...' : M.removeMember}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
