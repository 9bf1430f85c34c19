// The privacy feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { requirePassword, scheduleErasure } from './erasure.service.ts';
export { requestExport } from './export.service.ts';
export { privacyRoutes } from './privacy.routes.ts';
export { registerPrivacyJobs } from './privacy-jobs.service.ts';
export { setPrivacyByGuardian } from './privacy-settings.service.ts';
