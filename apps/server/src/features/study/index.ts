// The study feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { notebookRoutes } from './notebook.routes.ts';
export { questionsRoutes } from './questions.routes.ts';
export {
  answerCounts,
  existingQuestionKeys,
  findVisibleQuestions,
  listBankQuestions,
  questionsAnsweredAtLeast,
} from './questions.service.ts';
export { registerReminderJobs } from './reminders.service.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { seedDemoStudy } from './study.demo.ts';
export { subscribeStudy } from './study.events.ts';
export { studyRoutes } from './study.routes.ts';
export { getStudyStats, studyMinutesByDay } from './study.service.ts';
