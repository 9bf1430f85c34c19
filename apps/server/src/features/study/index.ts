// The study feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { notebookRoutes } from './notebook.routes.ts';
export { seedDemoQuestionReports } from './question-reports.demo.ts';
export { anuladaKeys } from './question-reports.queries.ts';
export { questionReportsRoutes } from './question-reports.routes.ts';
export {
  answerCounts,
  existingQuestionKeys,
  questionsAnsweredAtLeast,
  questionVisibleTo,
} from './questions.queries.ts';
export { questionsRoutes } from './questions.routes.ts';
export { findBankQuestion, findVisibleQuestions, listBankQuestions } from './questions.service.ts';
export { claimReviewReminder, reviewRemindersOwed } from './reminders.service.ts';
export type { ReminderPayload } from './reminders.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { firstDueEntry } from './reviews.service.ts';
export { activityByDay, studyEvidenceBetween } from './stats.queries.ts';
export { getStudyStatsDetail } from './stats.service.ts';
export { seedDemoStudy } from './study.demo.ts';
export { subscribeStudy } from './study.events.ts';
export { studyMinutesByDay } from './study.queries.ts';
export { studyRoutes } from './study.routes.ts';
export { getStudyStats } from './study.service.ts';
