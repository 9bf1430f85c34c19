import { type Me, MINORS_MESSAGES } from '@estudai/contract/constants';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useMe } from '../../../lib/me.ts';
import { toast } from '../../../lib/toast.ts';
import { useEndOwnGuardianLink } from '../api/invite-guardian.ts';

// The invitation's form, and zod with the contract's schema it validates with, loads when its dialog
// opens: not with the first route.
const InviteForm = lazyPart(() => import('./guardian-invite-form.tsx'), 'InviteForm');

const bannerClasses = 'mx-4 mt-4 flex items-center gap-3 rounded-2xl border px-4 py-3 text-sm';

/** 'Supervisão ativa', with 'Desfazer vínculo' for a teen of 16 or 17 (the server decides: `canEnd`). */
function SupervisionActive({ supervision }: { supervision: Me['supervision'] }) {
  const [confirming, setConfirming] = useState(false);
  const unlink = useEndOwnGuardianLink();
  const { linkId } = supervision;
  return (
    <>
      <output
        className={`${bannerClasses} flex-wrap border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100`}
      >
        <ShieldCheck className="size-5 shrink-0" aria-hidden />
        <span className="min-w-0 flex-1 basis-52">
          <strong>{MINORS_MESSAGES.supervisionActive}</strong>
          {supervision.guardianName ? `: ${supervision.guardianName} acompanha sua conta.` : '.'}
        </span>
        {supervision.canEnd && linkId && (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Desfazer vínculo
          </Button>
        )}
      </output>
      {linkId && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Desfazer vínculo?"
          description={`${supervision.guardianName ?? 'Seu responsável'} deixa de acompanhar sua conta. Você pode convidar um responsável de novo quando quiser.`}
          confirmLabel="Desfazer vínculo"
          pendingLabel="Desfazendo..."
          isPending={unlink.isPending}
          destructive
          onConfirm={() =>
            unlink.mutate(linkId, {
              onSuccess: ({ message }) => {
                setConfirming(false);
                toast({ title: message });
              },
              onError: (error) =>
                toast({ title: 'Não foi possível', description: error.message, variant: 'destructive' }),
            })
          }
        />
      )}
    </>
  );
}

/**
 * What a minor sees on every screen about their guardian link (issue 25): 'Modo protegido' with what
 * it blocks and the invitation, until a guardian confirms; then 'Supervisão ativa' for as long as
 * the link lasts.
 */
export function SupervisionNotice() {
  const me = useMe();
  const [open, setOpen] = useState(false);
  if (!me?.isMinor) return null;

  if (me.supervision.status === 'active') return <SupervisionActive supervision={me.supervision} />;
  if (!me.protectedMode) return null;

  const waiting = me.supervision.status === 'pending';
  return (
    <>
      <section
        aria-label={MINORS_MESSAGES.protectedMode}
        className={`${bannerClasses} flex-wrap border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50`}
      >
        <ShieldAlert className="size-5 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 basis-52">
          <strong>Sua conta está em modo protegido</strong>: sem chat e sem grupos pagos, perfil só para
          seguidores.{' '}
          {waiting
            ? 'Aguardando seu responsável confirmar o convite.'
            : 'Convide um responsável para liberar.'}
        </p>
        <Button size="sm" variant={waiting ? 'outline' : 'primary'} onClick={() => setOpen(true)}>
          {waiting ? 'Ver convite' : 'Convidar responsável'}
        </Button>
      </section>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent title="Convidar responsável">
            <InviteForm me={me} onDone={() => setOpen(false)} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
