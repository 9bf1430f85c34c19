import { ESSAY_COMPETENCIAS, type GuardianTeen } from '@estudai/contract/constants';
import { formatDay } from '../guardian-format.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The teen's redação (issue 38): the last corrected essays' scores, the total and each competência,
 * and how many wait for a correction. Scores only: the text and the comments stay the teen's.
 */
export function TeenEssays({ essays }: { essays: GuardianTeen['essays'] }) {
  if (essays.corrected.length === 0 && essays.waiting === 0)
    return <p className="text-sm text-slate-500">Nenhuma redação enviada ainda.</p>;
  return (
    <div className="grid gap-2">
      {essays.corrected.length > 0 && (
        <ul className="grid gap-2" aria-label="Notas das redações">
          {essays.corrected.map((essay) => (
            <li
              key={`${essay.correctedAt}-${essay.promptTitle}`}
              className="grid gap-1 rounded-xl border border-slate-200 px-3 py-2.5 text-sm dark:border-slate-700"
            >
              <span className="flex items-start justify-between gap-3">
                <span className="min-w-0 break-words">
                  <strong>{essay.promptTitle}</strong>
                  <span className="block text-slate-500">corrigida em {formatDay(essay.correctedAt)}</span>
                </span>
                <span className="shrink-0 text-xl font-bold tabular-nums">
                  <span className="sr-only">Nota </span>
                  {essay.total}
                </span>
              </span>
              <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600 tabular-nums dark:text-slate-300">
                {ESSAY_COMPETENCIAS.map((key) => (
                  <span key={key}>
                    {key.toUpperCase()} {essay[key]}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {essays.waiting > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {plural(essays.waiting, 'redação esperando correção', 'redações esperando correção')}
        </p>
      )}
      <p className="text-xs text-slate-500">Você vê as notas, nunca o texto nem os comentários.</p>
    </div>
  );
}
