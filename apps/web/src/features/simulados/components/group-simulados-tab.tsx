import type { Simulado } from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import type { ApiPage } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useGroupSimulados } from '../api/get-group-simulados.ts';
import { simuladoKeys } from '../api/simulado-keys.ts';
import { useSimuladoLiveCounts } from '../live/use-simulado-live.ts';
import { SimuladoList } from './simulado-card.tsx';

/** The group's simulados, with 'N pessoas fazendo agora' live on the open ones; organizers create here. */
export function GroupSimuladosTab({ groupId, canCreate }: { groupId: string; canCreate: boolean }) {
  const query = useGroupSimulados(groupId);
  const queryClient = useQueryClient();
  const openIds = (query.data?.data ?? [])
    .filter((simulado) => simulado.status === 'published' && simulado.window === 'open')
    .map((simulado) => simulado.id);
  useSimuladoLiveCounts(openIds, (simuladoId, inProgress) =>
    queryClient.setQueryData<ApiPage<Simulado>>(simuladoKeys.groupList(groupId), (data) =>
      data
        ? {
            ...data,
            data: data.data.map((simulado) =>
              simulado.id === simuladoId ? { ...simulado, inProgress } : simulado,
            ),
          }
        : data,
    ),
  );

  return (
    <section aria-label="Simulados" className="grid gap-4">
      {canCreate && (
        <Link to={paths.newSimulado(groupId)} className={buttonClasses({ className: 'justify-self-start' })}>
          <Plus className="size-4" aria-hidden />
          Criar simulado
        </Link>
      )}
      {query.isPending ? (
        <ListSkeleton label="Carregando simulados" rows={2} />
      ) : query.isError ? (
        <ErrorState
          title="Não foi possível carregar os simulados."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState icon={ClipboardList} title="Nenhum simulado ainda." />
      ) : (
        <SimuladoList simulados={query.data.data} />
      )}
    </section>
  );
}
