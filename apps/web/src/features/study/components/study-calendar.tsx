import { brasiliaDayStart, type CalendarDay, weekdayOf } from '@estudai/contract/constants';
import { cn } from '../../../lib/cn.ts';
import { formatDayMonth } from '../study-format.ts';

const LEVEL_CLASSES = [
  'bg-slate-100 dark:bg-slate-800',
  'bg-indigo-200 dark:bg-indigo-900',
  'bg-indigo-400 dark:bg-indigo-700',
  'bg-indigo-600 dark:bg-indigo-500',
  'bg-indigo-800 dark:bg-indigo-300',
];

/** A day's study as one number: each answer and review counts one, each 10 minutes (timed or verified) one. */
const activityOf = (day: CalendarDay) =>
  day.answers + day.reviews + Math.max(day.studyMinutes, day.verifiedMinutes) / 10;

/** 0 for nothing, then 1 to 4 in quarters of the busiest day. */
function levelOf(activity: number, busiest: number) {
  if (activity <= 0 || busiest <= 0) return 0;
  return Math.min(4, Math.ceil((activity / busiest) * 4));
}

/** '12 de nov.: 5 respostas, 3 revisões, 40 min, 25 min verificados' */
function describeStudyDay(day: CalendarDay) {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${formatDayMonth(brasiliaDayStart(day.day))}: ${plural(day.answers, 'resposta', 'respostas')}, ${plural(
    day.reviews,
    'revisão',
    'revisões',
  )}, ${day.studyMinutes} min, ${day.verifiedMinutes} min verificados`;
}

/** 12 weeks of study as a heatmap: a column per week, Sunday on top, each day described for screen readers. */
export function StudyCalendar({ days }: { days: CalendarDay[] }) {
  const first = days[0];
  if (!first) return null;
  // Blank cells before the first day, so each column starts on a Sunday.
  const offset = weekdayOf(first.day);
  const busiest = Math.max(0, ...days.map(activityOf));
  return (
    <div className="grid max-w-sm gap-2">
      <ul
        aria-label="Atividade de estudo por dia"
        className="grid grid-flow-col grid-rows-7 gap-[3px]"
        style={{ gridTemplateColumns: `repeat(${Math.ceil((days.length + offset) / 7)}, minmax(0, 1fr))` }}
      >
        {Array.from({ length: offset }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed blank cells
          <li key={`blank-${index}`} aria-hidden />
        ))}
        {days.map((day) => {
          const label = describeStudyDay(day);
          return (
            <li
              key={day.day}
              title={label}
              className={cn('aspect-square rounded-[3px]', LEVEL_CLASSES[levelOf(activityOf(day), busiest)])}
            >
              <span className="sr-only">{label}</span>
            </li>
          );
        })}
      </ul>
      <div
        aria-hidden
        className="flex items-center justify-end gap-1 text-[11px] text-slate-500 dark:text-slate-400"
      >
        Menos
        {LEVEL_CLASSES.map((classes) => (
          <span key={classes} className={cn('size-3 rounded-[3px]', classes)} />
        ))}
        Mais
      </div>
    </div>
  );
}
