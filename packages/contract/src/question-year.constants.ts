import { brasiliaDay } from './dates.ts';

// Apart from study.constants.ts: the first route loads that one (subjects, exams), and this one
// brings the date module, which the first route does without.

/** The current year in Brasília: the latest year a question may carry. */
export const currentQuestionYear = (now: Date = new Date()): number => Number(brasiliaDay(now).slice(0, 4));
