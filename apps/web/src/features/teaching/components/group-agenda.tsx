import {
  formatBrasiliaDayMonthTime,
  type LiveClass,
  TEACHING_MESSAGES as M,
} from '@estudai/contract/constants';
import { CalendarDays, CalendarPlus, Video } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useClasses } from '../api/classes.ts';

/** '1h30', '45 min' */
function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)}h${rest ? String(rest).padStart(2, '0') : ''}`;
}

const whenText = (item: LiveClass) =>
  `${formatBrasiliaDayMonthTime(item.startsAt)} (horário de Brasília) · ${durationText(item.durationMinutes)}`;

/** The `.ics` of a class, downloaded by the browser (the server answers it as an attachment). */
const calendarHref = (item: LiveClass) =>
  item.calendarUrl.startsWith('/api') ? item.calendarUrl : `/api${item.calendarUrl}`;

function NextClass({ item }: { item: LiveClass }) {
  const live = new Date(item.startsAt).getTime() <= Date.now();
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
          {live ? 'Acontecendo agora' : M.nextClass}
        </p>
        <h3 className="font-semibold break-words">{item.title}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{whenText(item)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={item.meetingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ size: 'sm' })}
        >
          <Video className="size-4" aria-hidden />
          {M.joinClass}
        </a>
        <a href={calendarHref(item)} download className={buttonClasses({ size: 'sm', variant: 'outline' })}>
          <CalendarPlus className="size-4" aria-hidden />
          {M.addToCalendar}
        </a>
      </div>
    </div>
  );
}

/** 'Agenda': the next live class with its link and calendar file, then the ones after it. */
export function GroupAgenda({ groupId }: { groupId: string }) {
  const classes = useClasses(groupId);
  const [next, ...later] = classes.data ?? [];
  if (!next) return null;
  return (
    <Card className="grid gap-4">
      <h2 className="flex items-center gap-2 font-semibold">
        <CalendarDays className="size-5 text-indigo-500" aria-hidden />
        {M.agendaTitle}
      </h2>
      <NextClass item={next} />
      {later.length > 0 && (
        <ul
          aria-label="Próximas aulas"
          className="grid gap-2 border-t border-slate-200 pt-3 dark:border-slate-700"
        >
          {later.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="grid min-w-0 flex-1">
                <span className="font-medium break-words">{item.title}</span>
                <span className="text-slate-500 dark:text-slate-400">{whenText(item)}</span>
              </span>
              <a
                href={calendarHref(item)}
                download
                aria-label={`${M.addToCalendar}: ${item.title}`}
                className={buttonClasses({ size: 'sm', variant: 'ghost' })}
              >
                <CalendarPlus className="size-4" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
