import { MINORS_ERROR_CODES } from '@estudai/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { forgetInvite, rememberInvite } from '../../../lib/guardian-invite.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { getInvitePreviewQueryOptions, useAcceptGuardianLink } from '../api/guardian-teens.ts';

/** Why a link cannot be confirmed, in words for the guardian (an expired or used one says so). */
function problemOf(error: Error): string {
  if (error instanceof ApiError && error.code === MINORS_ERROR_CODES.inviteGone) return error.message;
  return error.message || 'Não foi possível confirmar o vínculo. Tente novamente.';
}

/**
 * The mail's invitation (`/responsavel?convite={token}`), naming the teen by first name and photo as
 * the mail does (issue 36): a visitor creates a guardian's account ('Criar conta de responsável') or
 * signs in first, then confirms. Done or refused, the invitation is forgotten.
 */
export function AcceptInvite({ token, onDone }: { token: string; onDone: () => void }) {
  const { user } = useAuth();
  const accept = useAcceptGuardianLink();
  const invite = useQuery(getInvitePreviewQueryOptions(token));
  const [acceptProblem, setProblem] = useState<string>();
  // A link that can no longer be confirmed says so before anyone creates an account for it.
  const problem = acceptProblem ?? (invite.isError ? problemOf(invite.error) : undefined);
  const teen = invite.data?.teen;

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
      {teen && (
        <div className="flex items-center gap-3">
          <UserAvatar name={teen.firstName} src={teen.avatar} size={12} />
          <p className="min-w-0 font-medium">{teen.firstName} pediu que você seja responsável no Estudaí.</p>
        </div>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {teen ? teen.firstName : 'Um estudante menor de idade'} está estudando no Estudaí. Ao confirmar, você
        vê quanto tempo usa o app e estuda, com quais adultos conversa (nunca as mensagens), aprova a entrada
        em grupos pagos e ajusta a privacidade da conta.
      </p>
      {problem ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {problem}
        </p>
      ) : user ? (
        <Button onClick={handleAccept} disabled={accept.isPending || !teen}>
          {accept.isPending ? 'Confirmando...' : 'Confirmar vínculo'}
        </Button>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            Para confirmar, crie sua conta de responsável ou entre na que você já tem. Depois, voltamos a esta
            página.
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            <Link
              to={paths.guardianSignUp()}
              onClick={() => rememberInvite(token)}
              className={buttonClasses({ variant: 'primary' })}
            >
              Criar conta de responsável
            </Link>
            <Link
              to={paths.auth()}
              onClick={() => rememberInvite(token)}
              className={buttonClasses({ variant: 'outline' })}
            >
              Já tenho conta
            </Link>
          </div>
        </>
      )}
    </Card>
  );
}
