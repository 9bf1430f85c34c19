import { guardianInviteSchema } from '@estudai/contract';
import type { Me } from '@estudai/contract/constants';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { useInviteGuardian } from '../api/invite-guardian.ts';

const PROTECTED_LIMITS = [
  'Sem chat.',
  'Sem grupos pagos.',
  'Seu perfil e seus posts aparecem só para seus seguidores.',
];

/** The invitation to a guardian, in the protected mode's dialog (`SupervisionNotice`). */
export function InviteForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const invite = useInviteGuardian();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = guardianInviteSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast({ title: 'Convite enviado', description: message });
        onDone();
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4 p-5">
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
            value={email}
            onChange={(event) => setEmail(event.target.value)}
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
