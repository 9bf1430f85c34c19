import { type InviteLink, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateInviteLink, useInviteLinks, useRevokeInviteLink } from '../api/invite-links.ts';
import { InviteLinkForm } from './invite-link-form.tsx';
import { InviteLinkItem } from './invite-link-item.tsx';

/** The owner's invite links: create one (limits, expiry, coupon), copy, revoke. */
export function InviteLinksDialog({
  groupId,
  isPaid,
  open,
  onOpenChange,
}: {
  groupId: string;
  isPaid: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const links = useInviteLinks(groupId, open);
  const create = useCreateInviteLink(groupId);
  const revoke = useRevokeInviteLink(groupId);
  const [revoking, setRevoking] = useState<InviteLink | null>(null);

  const handleRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.code, {
      onSuccess: () => {
        toast({ title: M.inviteLinkRevoked });
        setRevoking(null);
      },
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={M.inviteLinksTitle}
        description={
          isPaid
            ? 'Quem abrir o link vê o grupo e segue para o pagamento, com o cupom se houver.'
            : 'Quem abrir o link entra no grupo com um toque.'
        }
      >
        <div className="grid grid-cols-1 gap-5 p-5">
          <InviteLinkForm
            isPaid={isPaid}
            isPending={create.isPending}
            serverError={create.error?.message ?? null}
            onSubmit={(input, reset) =>
              create.mutate(input, {
                onSuccess: () => {
                  toast({ title: M.inviteLinkCreated });
                  reset();
                },
              })
            }
          />
          <section aria-label={M.inviteLinksTitle} className="grid grid-cols-1 gap-2">
            {links.isPending ? (
              <div role="status" aria-label="Carregando links" className="flex justify-center py-4">
                <Spinner />
              </div>
            ) : links.isError ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {links.error.message}
              </p>
            ) : links.data.length === 0 ? (
              <p className="py-2 text-center text-sm text-slate-500 dark:text-slate-400">
                Nenhum link criado ainda.
              </p>
            ) : (
              <ul className="grid grid-cols-1 gap-2">
                {links.data.map((link) => (
                  <InviteLinkItem key={link.code} link={link} onRevoke={() => setRevoking(link)} />
                ))}
              </ul>
            )}
          </section>
        </div>
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(value) => {
            if (!value) setRevoking(null);
          }}
          title="Revogar link?"
          description="Quem abrir este link depois não consegue mais entrar por ele. Quem já entrou continua no grupo."
          confirmLabel="Revogar"
          pendingLabel="Revogando..."
          isPending={revoke.isPending}
          destructive
          onConfirm={handleRevoke}
        />
      </DialogContent>
    </Dialog>
  );
}
