// The teaching feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { registerClassReminderJobs } from './classes.service.ts';
export { registerRenewalReminderJobs } from './renewal-reminders.service.ts';
export { teachingRoutes } from './teaching.routes.ts';
