import { lazyModule } from '../../lib/lazy-module.ts';

const icalGenerator = lazyModule<typeof import('ical-generator')>('ical-generator');

// One live class as an iCalendar file (RFC 5545) the member's calendar app imports: the event in
// UTC, the meeting link as its URL and location, and a display alarm 15 minutes before.

export interface CalendarClass {
  id: string;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  meetingUrl: string;
  groupName: string;
  groupUrl: string;
}

const REMINDER_SECONDS = 15 * 60;

/** Pure: the same class and stamp give the same bytes. */
export function classCalendar(lesson: CalendarClass, stamp: Date, hostname: string): string {
  const { default: ical, ICalAlarmType } = icalGenerator();
  const calendar = ical({
    name: lesson.groupName,
    prodId: { company: 'Estudaí', product: 'Agenda', language: 'PT-BR' },
  });
  calendar.createEvent({
    id: `${lesson.id}@${hostname}`,
    start: lesson.startsAt,
    end: new Date(lesson.startsAt.getTime() + lesson.durationMinutes * 60_000),
    stamp,
    summary: `Aula ao vivo: ${lesson.title}`,
    description: `Aula ao vivo do grupo ${lesson.groupName}.\nLink da aula: ${lesson.meetingUrl}\nGrupo: ${lesson.groupUrl}`,
    location: lesson.meetingUrl,
    url: lesson.meetingUrl,
    alarms: [
      {
        type: ICalAlarmType.display,
        trigger: REMINDER_SECONDS,
        description: `Aula ao vivo: ${lesson.title}`,
      },
    ],
  });
  return calendar.toString();
}
