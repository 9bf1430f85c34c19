import { type GuardianInviteInput, guardianInviteSchema, MINORS_MESSAGES } from '@estudai/contract';
import type { Me } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, ChevronUp, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { useMe } from '../../../lib/me.ts';
import { toast } from '../../../lib/toast.ts';
import { useEndOwnGuardianLink, useInviteGuardian } from '../api/invite-guardian.ts';

const PROTECTED_LIMITS = [
  'Sem chat.',
  'Sem grupos pagos.',
  'Seu perfil e seus posts aparecem só para seus seguidores.',
];

function InviteForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GuardianInviteInput>({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(guardianInviteSchema),
    defaultValues: { email: '' },
  });
  const invite = useInviteGuardian();
  const handleInvite = handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: ({ message }) => {
        toast({ title: 'Convite enviado', description: message });
        onDone();
      },
      onError: (failure) => setError('email', { message: failure.message }),
    }),
  );
  const error = errors.email?.message;
  return (
    <form onSubmit={handleInvite} noValidate className="grid gap-4 p-5">
      <div className="grid gap-2 text-sm text-slate-700 dark:text-slate-200">
        <p>Até um responsável (mãe, pai ou outro adulto que cuida de você) confirmar o convite:</p>
        <ul className="grid list-disc gap-1 pl-5">
          {PROTECTED_LIMITS.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
        <p>
          Depois, ele vê quanto tempo você usa o app e estuda e com quais adultos você conversa, mas nunca o
          que vocês escrevem.
        </p>
        {me.supervision.status === 'pending' && me.supervision.invitedEmail && (
          <p className="font-medium">
            Convite enviado para {me.supervision.invitedEmail}. Você pode enviar de novo ou para outro e-mail.
          </p>
        )}
      </div>
      <Field label="E-mail do responsável" error={error}>
        {({ id, errorId }) => (
          <Input
            id={id}
            type="email"
            autoComplete="off"
            {...register('email')}
            aria-invalid={Boolean(error)}
            aria-describedby={errorId}
          />
        )}
      </Field>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Enviando...' : 'Enviar convite'}
      </Button>
    </form>
  );
}

const bannerClasses = 'mx-4 mt-4 flex items-center gap-3 rounded-2xl border px-4 py-3 text-sm';

const COLLAPSED_KEY = 'estudai:supervision-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * 'Supervisão ativa' on one line, with 'Desfazer vínculo' for a teen of 16 or 17 (the server decides:
 * `canEnd`). It stays on every screen for as long as the link lasts, so it folds to its title alone,
 * remembered on the device (issue 36); the title never goes away.
 */
function SupervisionActive({ supervision }: { supervision: Me['supervision'] }) {
  const [confirming, setConfirming] = useState(false);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const unlink = useEndOwnGuardianLink();
  const { linkId } = supervision;
  const toggle = () => {
    const next = !collapsed;
    try {
      localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Not kept: it folds for this visit only.
    }
    setCollapsed(next);
  };
  return (
    <>
      <output
        className={`${bannerClasses} ${collapsed ? 'py-1.5' : ''} border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100`}
      >
        <ShieldCheck className="size-5 shrink-0" aria-hidden />
        <span className="min-w-0 flex-1 truncate">
          <strong>{MINORS_MESSAGES.supervisionActive}</strong>
          {collapsed
            ? ''
            : supervision.guardianName
              ? `: ${supervision.guardianName} acompanha sua conta.`
              : '.'}
        </span>
        {!collapsed && supervision.canEnd && linkId && (
          <Button size="sm" variant="outline" className="shrink-0" onClick={() => setConfirming(true)}>
            Desfazer vínculo
          </Button>
        )}
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Mostrar aviso de supervisão' : 'Recolher aviso de supervisão'}
          className="-mr-2 flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:hover:bg-emerald-900"
        >
          {collapsed ? (
            <ChevronDown className="size-4" aria-hidden />
          ) : (
            <ChevronUp className="size-4" aria-hidden />
          )}
        </button>
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
