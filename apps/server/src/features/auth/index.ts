// The auth feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { authRoutes } from './auth.routes.ts';
export { checkPassword, logoutEverywhere, registerAuthJobs } from './auth.service.ts';
export { SessionStore } from './session-cache.ts';
