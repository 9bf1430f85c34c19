import { SimuladoErrorCode, type SimuladoResult } from '@estudai/contract/constants';
import { useParams } from 'react-router';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useSimuladoResult } from '../api/get-result.ts';
import { ResultQuestion } from '../components/result-question.tsx';
import {
  BreakdownCard,
  EstimateCard,
  HeaviestMissesCard,
  RankingCard,
} from '../components/result-sections.tsx';

function ResultScreen({ result }: { result: SimuladoResult }) {
  const handleOpen = (index: number) =>
    document.getElementById(`questao-${index + 1}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <div className="grid gap-4">
      <Card className="grid gap-1">
        <h2 className="text-xl font-semibold break-words">{result.title}</h2>
        <p className="text-3xl font-bold tabular-nums">{`${result.correctCount}/${result.total}`}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {result.correctCount} de {result.total} acertos · {result.blankCount} em branco
        </p>
      </Card>
      <EstimateCard result={result} />
      <HeaviestMissesCard result={result} onOpen={handleOpen} />
      <BreakdownCard result={result} />
      {/* A student's own simulado has no ranking at all: nothing to say it is off. */}
      {!result.personal && <RankingCard result={result} />}
      <section aria-labelledby="key-title" className="grid gap-3">
        <h2 id="key-title" className="font-semibold">
          Gabarito e explicações
        </h2>
        {result.questions.map((question) => (
          <ResultQuestion key={question.index} question={question} />
        ))}
      </section>
    </div>
  );
}

/** /simulados/{id}/resultado: once the attempt is over. */
export function SimuladoResultPage() {
  const { simuladoId = '' } = useParams();
  const query = useSimuladoResult(simuladoId);
  const notReady = query.error instanceof ApiError && query.error.code === SimuladoErrorCode.resultNotReady;
  return (
    <Page title="Resultado do simulado" back={paths.simulado(simuladoId)}>
      {query.data ? (
        <ResultScreen result={query.data} />
      ) : query.isError ? (
        <ErrorState
          title={notReady ? 'O resultado ainda não saiu.' : 'Não foi possível carregar o resultado.'}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <ListSkeleton label="Carregando resultado" rows={3} />
      )}
    </Page>
  );
}
