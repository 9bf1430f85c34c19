import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { usePersonalSimulados } from '../api/get-personal-simulados.ts';
import { SimuladoList } from './simulado-card.tsx';

/**
 * 'Seus simulados': the ones a student built alone, the latest first, each opening its screen (to
 * start, go on or read the result). Nothing while there are none: the form above is the way in.
 */
export function PersonalSimulados() {
  const query = usePersonalSimulados();
  if (query.isPending) return <ListSkeleton label="Carregando seus simulados" rows={2} />;
  if (query.isError)
    return (
      <ErrorState
        title="Não foi possível carregar seus simulados."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.data.length === 0) return null;
  return (
    <section aria-labelledby="personal-simulados" className="grid gap-3">
      <h2 id="personal-simulados" className="text-lg font-semibold">
        Seus simulados
      </h2>
      <SimuladoList simulados={query.data.data} />
    </section>
  );
}
