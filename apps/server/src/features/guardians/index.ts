// The guardians feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { seedDemoGuardians } from './guardians.demo.ts';
export { guardiansRoutes } from './guardians.routes.ts';
export { PresenceRecorder } from './presence.service.ts';
