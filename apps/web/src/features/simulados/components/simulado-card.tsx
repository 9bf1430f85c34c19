import { type Simulado, simuladoLiveLabel } from '@estudai/contract/constants';
import { ChevronRight, Clock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { questionsText, WINDOW_LABELS, windowText } from '../simulado-format.ts';

function AttemptBadge({ simulado }: { simulado: Simulado }) {
  const attempt = simulado.viewerAttempt;
  if (!attempt) return null;
  return attempt.status === 'finished' ? (
    <Badge tone="green">Feito</Badge>
  ) : (
    <Badge tone="yellow">Em andamento</Badge>
  );
}

/**
 * A simulado in a list (a group's, or a student's own): status, window, size and the live count;
 * opens its screen.
 */
function SimuladoCard({ simulado }: { simulado: Simulado }) {
  const isDraft = simulado.status === 'draft';
  return (
    <Card padding="sm" className="relative grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {isDraft ? <Badge>Rascunho</Badge> : <Badge tone="indigo">{WINDOW_LABELS[simulado.window]}</Badge>}
        <AttemptBadge simulado={simulado} />
      </div>
      <h3 className="min-w-0 font-semibold break-words">
        <Link
          to={paths.simulado(simulado.id)}
          className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:rounded-2xl after:focus-visible:outline-2 after:focus-visible:outline-indigo-500"
        >
          {simulado.title}
        </Link>
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">{windowText(simulado)}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
        <span className="inline-flex items-center gap-1">
          <Clock className="size-4" aria-hidden />
          {simulado.durationMinutes} min · {questionsText(simulado.questionCount)}
        </span>
        {/* A student's own simulado has nobody else taking it. */}
        {!isDraft && simulado.window === 'open' && simulado.studyGroupId !== null && (
          <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-300">
            <Users className="size-4" aria-hidden />
            {simuladoLiveLabel(simulado.inProgress)}
          </span>
        )}
      </p>
      <ChevronRight className="absolute top-4 right-4 size-5 text-slate-400" aria-hidden />
    </Card>
  );
}

/** Simulados as a list of cards (a group's tab, a student's own). */
export function SimuladoList({ simulados }: { simulados: Simulado[] }) {
  return (
    <ul className="grid gap-3">
      {simulados.map((simulado) => (
        <li key={simulado.id}>
          <SimuladoCard simulado={simulado} />
        </li>
      ))}
    </ul>
  );
}
