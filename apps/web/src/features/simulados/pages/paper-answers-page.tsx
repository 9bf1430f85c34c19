import {
  SIMULADO_PAPER_MESSAGES,
  type SimuladoPaperEntry,
  type SimuladoPaperSheet,
} from '@estudai/contract/constants';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePaperSheet } from '../api/paper-answers.ts';
import { PaperAnswersForm } from '../components/paper-answers-form.tsx';
import { simuladoPrintPath } from '../paper-paths.ts';

const P = SIMULADO_PAPER_MESSAGES;

function EntryRow({ entry, highlight }: { entry: SimuladoPaperEntry; highlight: boolean }) {
  return (
    <li
      className={`flex flex-wrap items-center gap-2 rounded-xl border p-3 ${highlight ? 'border-indigo-400' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <span className="min-w-0 font-medium break-words">{entry.name}</span>
      <Badge tone={entry.kind === 'guest' ? 'yellow' : 'indigo'}>
        {entry.kind === 'guest' ? `${P.onPaper} · ${P.guest}` : P.onPaper}
      </Badge>
      <span className="ml-auto text-sm tabular-nums">
        {entry.correctCount} de {entry.total} · Estimativa TRI {entry.estimate.score}
      </span>
    </li>
  );
}

function PaperAnswersScreen({ simuladoId, sheet }: { simuladoId: string; sheet: SimuladoPaperSheet }) {
  const [last, setLast] = useState<SimuladoPaperEntry | null>(null);
  return (
    <div className="grid gap-4">
      <Card className="grid gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Escolha o aluno e marque a letra de cada questão como está no cartão-resposta. Deixe sem marcar as
          questões em branco. Um membro passa a ter a tentativa dele, com resultado e ranking; um convidado
          aparece só aqui.
        </p>
        <Link to={simuladoPrintPath(simuladoId)} className={buttonClasses({ variant: 'outline' })}>
          <Printer className="size-4" aria-hidden />
          {P.print}
        </Link>
      </Card>
      {last && (
        <Card className="grid gap-1" aria-live="polite">
          <p className="font-semibold">Resultado de {last.name}</p>
          <p className="text-2xl font-bold tabular-nums">
            {last.correctCount} de {last.total} acertos
          </p>
          <p className="text-sm">
            Estimativa TRI: <strong>{last.estimate.score}</strong> ({last.estimate.label})
          </p>
        </Card>
      )}
      <Card>
        <PaperAnswersForm
          key={sheet.entries.length}
          simuladoId={simuladoId}
          sheet={sheet}
          onSaved={setLast}
        />
      </Card>
      <Card className="grid gap-2">
        <h2 className="font-semibold">Cartões lançados</h2>
        {sheet.entries.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Nenhum cartão lançado ainda.</p>
        ) : (
          <ul className="grid gap-2">
            {sheet.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} highlight={entry.id === last?.id} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** /simulados/{id}/lancar-respostas: the organizer types each student's answer sheet. */
export function PaperAnswersPage() {
  const { simuladoId = '' } = useParams();
  const query = usePaperSheet(simuladoId);
  return (
    <Page title={P.enterAnswers} back={paths.simulado(simuladoId)} backViaHistory>
      {query.isPending ? (
        <ListSkeleton label="Carregando cartões" rows={3} />
      ) : query.isError ? (
        <ErrorState
          title="Não foi possível carregar os cartões."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PaperAnswersScreen simuladoId={simuladoId} sheet={query.data} />
      )}
    </Page>
  );
}
