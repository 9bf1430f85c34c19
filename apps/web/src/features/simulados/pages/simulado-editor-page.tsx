import type { CreateSimuladoInput } from '@estudai/contract/constants';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSimulado } from '../api/get-simulado.ts';
import { useCreateSimulado, useUpdateSimulado } from '../api/manage-simulado.ts';
import { initialFormValues, SimuladoForm } from '../components/simulado-form.tsx';

/** /study-groups/{groupId}/simulados/novo: a new draft for the group. */
export function NewSimuladoPage() {
  const { groupId = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateSimulado(groupId);
  const handleSubmit = (input: CreateSimuladoInput) =>
    create.mutate(input, {
      onSuccess: (detail) => {
        toast({ title: 'Rascunho salvo' });
        navigate(paths.simulado(detail.id), { replace: true });
      },
    });
  return (
    <Page title="Novo simulado" back={paths.studyGroup(groupId)} backViaHistory>
      <SimuladoForm
        initial={initialFormValues()}
        submitLabel="Salvar rascunho"
        isPending={create.isPending}
        serverError={create.error?.message ?? null}
        onSubmit={handleSubmit}
      />
    </Page>
  );
}

/** /simulados/{id}/editar: the draft's fields and questions, while it is a draft. */
export function EditSimuladoPage() {
  const { simuladoId = '' } = useParams();
  const navigate = useNavigate();
  const query = useSimulado(simuladoId);
  const update = useUpdateSimulado(simuladoId);
  const handleSubmit = (input: CreateSimuladoInput) =>
    update.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Rascunho salvo' });
        navigate(paths.simulado(simuladoId), { replace: true });
      },
    });

  let content: React.ReactNode;
  if (query.isPending) content = <ListSkeleton label="Carregando simulado" rows={2} />;
  else if (query.isError)
    content = (
      <ErrorState
        title="Não foi possível carregar o simulado."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.status !== 'draft' || !query.data.canManage)
    content = <Navigate to={paths.simulado(simuladoId)} replace />;
  else
    content = (
      <SimuladoForm
        initial={initialFormValues(query.data)}
        submitLabel="Salvar rascunho"
        isPending={update.isPending}
        serverError={update.error?.message ?? null}
        onSubmit={handleSubmit}
      />
    );
  return (
    <Page title="Editar simulado" back={paths.simulado(simuladoId)} backViaHistory>
      {content}
    </Page>
  );
}
