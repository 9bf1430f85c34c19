import type { ConnectionRequest } from '@estudai/contract/constants';
import { Check, UserRoundCheck, X } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useAnswerRequest } from '../api/answer-request.ts';
import { useConnectionRequests } from '../api/get-requests.ts';

function RequestItem({ request }: { request: ConnectionRequest }) {
  const answer = useAnswerRequest();
  const pendingAction = answer.isPending ? answer.variables.action : null;
  const handleAnswer = (action: 'accept' | 'reject') => {
    if (answer.isPending) return;
    answer.mutate({ requestId: request.id, action });
  };
  return (
    <li className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <Link to={paths.user(request.fromUserId)} tabIndex={-1} aria-hidden className="shrink-0">
        <UserAvatar name={request.fromUserName} src={request.fromUserAvatar} size={12} />
      </Link>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex items-baseline gap-2">
          <h3 className="min-w-0 flex-1 truncate font-semibold">
            <Link to={paths.user(request.fromUserId)} className="hover:underline">
              {request.fromUserName}
            </Link>
          </h3>
          <time
            dateTime={request.createdAt}
            title={formatDateTime(request.createdAt)}
            className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
          >
            {formatRelativeTime(request.createdAt)}
          </time>
        </div>
        {request.fromUserBio && (
          <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{request.fromUserBio}</p>
        )}
        <p className="text-xs text-slate-500 dark:text-slate-400">Quer se conectar com você</p>
        <div className="mt-2 flex gap-2">
          <Button
            size="sm"
            className="flex-1"
            disabled={answer.isPending}
            aria-busy={pendingAction === 'accept'}
            onClick={() => handleAnswer('accept')}
          >
            <Check className="size-4" aria-hidden />
            Aceitar
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="flex-1"
            disabled={answer.isPending}
            aria-busy={pendingAction === 'reject'}
            onClick={() => handleAnswer('reject')}
          >
            <X className="size-4" aria-hidden />
            Rejeitar
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The 'Solicitações' tab: each pending request, accepted or rejected right here (spec §4). */
export function RequestList() {
  const query = useConnectionRequests();
  if (!query.data) {
    if (!query.isError) return <ListSkeleton label="Carregando solicitações" rows={3} />;
    return (
      <ErrorState
        title="Não foi possível carregar as solicitações."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState icon={UserRoundCheck} title="Nenhuma solicitação pendente">
        Quando alguém quiser se conectar com você, o pedido aparece aqui.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Solicitações de conexão" className="grid gap-2">
      {query.data.map((request) => (
        <RequestItem key={request.id} request={request} />
      ))}
    </ul>
  );
}
