import { MINORS_ERROR_CODES } from '@estudai/contract/constants';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useAcceptGuardianLink } from '../api/guardian-teens.ts';
import { forgetInvite, rememberInvite } from '../pending-invite.ts';

/** Why a link cannot be confirmed, in words for the guardian (an expired or used one says so). */
function problemOf(error: Error): string {
  if (error instanceof ApiError && error.code === MINORS_ERROR_CODES.inviteGone) return error.message;
  return error.message || 'Não foi possível confirmar o vínculo. Tente novamente.';
}

/**
 * The mail's invitation (`/responsavel?convite={token}`): a visitor signs in or creates an account
 * first (any type), then confirms. Done or refused, the invitation is forgotten.
 */
export function AcceptInvite({ token, onDone }: { token: string; onDone: () => void }) {
  const { user } = useAuth();
  const accept = useAcceptGuardianLink();
  const [problem, setProblem] = useState<string>();

  const handleAccept = () =>
    accept.mutate(token, {
      onSuccess: ({ message }) => {
        forgetInvite();
        toast({ title: message });
        onDone();
      },
      onError: (error) => {
        // A gone or refused invitation will not work later either; a dropped connection might.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) forgetInvite();
        setProblem(problemOf(error));
      },
    });

  return (
    <Card className="grid gap-3">
      <div className="flex items-center gap-3">
        <MailCheck className="size-6 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <h2 className="text-lg font-semibold">Convite de responsável</h2>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Um estudante menor de idade pediu que você acompanhe a conta dele no Estudaí. Ao confirmar, você vê
        quanto tempo ele usa o app e estuda, com quais adultos conversa (nunca as mensagens), aprova a entrada
        em grupos pagos e ajusta a privacidade dele.
      </p>
      {problem ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {problem}
        </p>
      ) : user ? (
        <Button onClick={handleAccept} disabled={accept.isPending}>
          {accept.isPending ? 'Confirmando...' : 'Confirmar vínculo'}
        </Button>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            Para confirmar, entre na sua conta ou crie uma. Depois, voltamos a esta página.
          </p>
          <Link
            to={paths.auth()}
            onClick={() => rememberInvite(token)}
            className={buttonClasses({ variant: 'primary' })}
          >
            Entrar ou criar conta
          </Link>
        </>
      )}
    </Card>
  );
}
