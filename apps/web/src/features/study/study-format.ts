import {
  brasiliaDay,
  formatBrasilia,
  STUDY_LOOP_MESSAGES,
  SUBJECT_LABELS,
  type Subject,
} from '@estudai/contract/constants';

/** '12 de nov.', the day in Brasília. */
export const formatDayMonth = (date: string | Date) =>
  formatBrasilia(date, { day: 'numeric', month: 'short' });

/** A subject's label, or 'Sem matéria' for questions without one. */
export const subjectLabel = (subject: Subject | null | undefined) =>
  subject ? SUBJECT_LABELS[subject] : STUDY_LOOP_MESSAGES.noSubject;

/** When a card comes back: 'Revisar agora', 'Próxima revisão: hoje' or 'Próxima revisão: 12 de nov.'. */
export function nextReviewLabel(due: string, now: Date = new Date()): string {
  if (new Date(due).getTime() <= now.getTime()) return 'Revisar agora';
  const isToday = brasiliaDay(due) === brasiliaDay(now);
  return `Próxima revisão: ${isToday ? 'hoje' : formatDayMonth(due)}`;
}

/** 'n de m': how far the review session is. */
export const progressLabel = (current: number, total: number) => `${current} de ${total}`;
