import { GUARDIAN_INVITE_PARAM } from '@estudai/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { getGuardianTeensQueryOptions } from '../api/guardian-teens.ts';
import { AcceptInvite } from '../components/accept-invite.tsx';
import { TeenCard } from '../components/teen-card.tsx';

function Dashboard() {
  const teens = useQuery(getGuardianTeensQueryOptions());
  if (teens.isPending) return <ListSkeleton label="Carregando estudantes" rows={2} />;
  if (teens.isError)
    return (
      <ErrorState
        title="Não foi possível carregar o painel"
        error={teens.error}
        onRetry={() => void teens.refetch()}
      />
    );
  if (teens.data.length === 0)
    return (
      <EmptyState icon={ShieldCheck} title="Nenhum estudante vinculado">
        Quando um estudante convidar você, o link chega por e-mail e é confirmado aqui.
      </EmptyState>
    );
  return teens.data.map((teen) => <TeenCard key={teen.linkId} teen={teen} />);
}

/** /responsavel: confirming a teen's invitation, and the guardian's dashboard (issue 25). */
export function GuardianPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const token = params.get(GUARDIAN_INVITE_PARAM);
  return (
    <Page title="Responsável" back={user ? undefined : '/'}>
      {token && <AcceptInvite token={token} onDone={() => setParams({}, { replace: true })} />}
      {user && <Dashboard />}
    </Page>
  );
}
