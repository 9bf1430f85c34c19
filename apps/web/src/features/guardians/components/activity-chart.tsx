import type { GuardianTeen } from '@estudai/contract/constants';
import { formatDashboardDay, formatMinutes } from '../guardian-format.ts';

/** 14 days of minutes in the app and of study, as two bars a day; the numbers are read out too. */
export function ActivityChart({ activity }: { activity: GuardianTeen['activity'] }) {
  const most = Math.max(1, ...activity.map((day) => Math.max(day.appMinutes, day.studyMinutes)));
  const totals = activity.reduce(
    (sum, day) => ({
      app: sum.app + day.appMinutes,
      study: sum.study + day.studyMinutes,
      verified: sum.verified + day.verifiedMinutes,
    }),
    { app: 0, study: 0, verified: 0 },
  );
  return (
    <figure className="grid gap-3">
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-indigo-400" aria-hidden />
          No app: {formatMinutes(totals.app)}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-emerald-500" aria-hidden />
          Estudando: {formatMinutes(totals.study)}
        </span>
        <span>Horas verificadas: {formatMinutes(totals.verified)}</span>
        <span>em {activity.length} dias</span>
      </figcaption>
      <ol className="grid h-32 grid-flow-col items-end gap-1" aria-label="Minutos por dia">
        {activity.map((day) => (
          <li
            key={day.day}
            aria-label={`${formatDashboardDay(day.day)}: ${formatMinutes(day.appMinutes)} no app, ${formatMinutes(day.studyMinutes)} estudando, ${formatMinutes(day.verifiedMinutes)} verificados`}
            className="flex h-full min-w-0 items-end justify-center gap-px"
          >
            <span
              className="w-1/2 max-w-3 rounded-t bg-indigo-400"
              style={{ height: `${(day.appMinutes / most) * 100}%` }}
            />
            <span
              className="w-1/2 max-w-3 rounded-t bg-emerald-500"
              style={{ height: `${(day.studyMinutes / most) * 100}%` }}
            />
          </li>
        ))}
      </ol>
      <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400" aria-hidden>
        <span>{activity[0] && formatDashboardDay(activity[0].day)}</span>
        <span>{activity.at(-1) && formatDashboardDay(activity.at(-1)?.day ?? '')}</span>
      </div>
    </figure>
  );
}
