import {
  PRACTICE_MESSAGES as M,
  MASTERY_LEVEL_LABELS,
  type MasteryCell,
  type MasteryLevel,
  SUBJECT_LABELS,
  type Subject,
} from '@estudai/contract/constants';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';

const levelClasses: Record<MasteryLevel, string> = {
  iniciante: 'border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900',
  em_progresso: 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40',
  proficiente: 'border-indigo-300 bg-indigo-50 dark:border-indigo-800 dark:bg-indigo-950/40',
  dominio: 'border-emerald-400 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40',
};

const trainClasses =
  'justify-self-start text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/**
 * The mastery map: a cell per subject (and per topic with enough questions), each with 'treinar este
 * assunto' — a button that trains in place (`onTrain`, on /treino) or a link to /treino (`trainHref`,
 * elsewhere: the profile).
 */
export function MasteryMap({
  cells,
  ...train
}: { cells: MasteryCell[] } & (
  | { onTrain: (subject: Subject, topic: string | null) => void }
  | { trainHref: (subject: Subject, topic: string | null) => string }
)) {
  if (cells.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{M.masteryEmpty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      {cells.map((cell) => {
        const name = cell.topic ?? SUBJECT_LABELS[cell.subject];
        return (
          <li key={`${cell.subject}:${cell.topic ?? ''}`}>
            <div className={cn('grid gap-1.5 rounded-2xl border p-4', levelClasses[cell.level])}>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {cell.topic ? SUBJECT_LABELS[cell.subject] : 'Matéria'}
              </p>
              <p className="font-semibold">{name}</p>
              <p className="text-sm">
                <strong>{MASTERY_LEVEL_LABELS[cell.level]}</strong> · {M.answeredCount(cell.answered)}
              </p>
              {'trainHref' in train ? (
                <Link
                  to={train.trainHref(cell.subject, cell.topic)}
                  className={trainClasses}
                  aria-label={`${M.trainThis}: ${name}`}
                >
                  {M.trainThis}
                </Link>
              ) : (
                <button
                  type="button"
                  className={trainClasses}
                  aria-label={`${M.trainThis}: ${name}`}
                  onClick={() => train.onTrain(cell.subject, cell.topic)}
                >
                  {M.trainThis}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
