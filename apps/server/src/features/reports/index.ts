// The reports feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { appealsRoutes, moderatorRoutes } from './appeals.routes.ts';
export { moderationRoutes } from './moderation.routes.ts';
export { reportsRoutes } from './reports.routes.ts';
