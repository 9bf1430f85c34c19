// The essays feature's public face (issue 38): what the app may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { seedEssayDemo } from './essays.demo.ts';
export { essaysRoutes } from './essays.routes.ts';
export { registerEssayJobs } from './reminders.service.ts';
