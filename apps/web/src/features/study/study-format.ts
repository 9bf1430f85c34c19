import {
  STUDY_LOOP_MESSAGES,
  STUDY_TIME_ZONE,
  SUBJECT_LABELS,
  type Subject,
} from '@estudai/contract/constants';

const dayMonth = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'short',
  timeZone: STUDY_TIME_ZONE,
});
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: STUDY_TIME_ZONE });

/** '12 de nov.' */
export const formatDayMonth = (date: string | Date) => dayMonth.format(new Date(date));

/** A subject's label, or 'Sem matéria' for questions without one. */
export const subjectLabel = (subject: Subject | null | undefined) =>
  subject ? SUBJECT_LABELS[subject] : STUDY_LOOP_MESSAGES.noSubject;

/** When a card comes back: 'Revisar agora', 'Próxima revisão: hoje' or 'Próxima revisão: 12 de nov.'. */
export function nextReviewLabel(due: string, now: Date = new Date()): string {
  if (new Date(due).getTime() <= now.getTime()) return 'Revisar agora';
  const isToday = dayKey.format(new Date(due)) === dayKey.format(now);
  return `Próxima revisão: ${isToday ? 'hoje' : formatDayMonth(due)}`;
}

/** 'n de m': how far the review session is. */
export const progressLabel = (current: number, total: number) => `${current} de ${total}`;
