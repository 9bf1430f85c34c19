import type { StudyStatsDetail } from '@estudai/contract/constants';
import { subjectLabel } from '../study-format.ts';

/** 'Taxa de Acerto' per subject: a bar each, with 'n de m' and the percentage. */
export function SubjectAccuracy({ subjects }: { subjects: StudyStatsDetail['accuracyBySubject'] }) {
  if (subjects.length === 0) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Responda questões para ver sua taxa de acerto por matéria.
      </p>
    );
  }
  return (
    <ul className="grid gap-2.5">
      {subjects.map((row) => (
        <li key={row.subject ?? 'none'} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="truncate font-medium">{subjectLabel(row.subject)}</span>
            <span className="shrink-0 text-slate-600 tabular-nums dark:text-slate-300">
              {row.correct} de {row.answered} · <strong className="font-semibold">{row.percentage}%</strong>
            </span>
          </div>
          {/* The figures above say it in words; the bar only draws them. */}
          <div aria-hidden className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
            <div
              className={
                row.percentage >= 70
                  ? 'h-full rounded-full bg-emerald-500'
                  : 'h-full rounded-full bg-amber-500'
              }
              style={{ width: `${row.percentage}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
