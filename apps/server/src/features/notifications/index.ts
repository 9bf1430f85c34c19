// The notifications feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export {
  ACHIEVEMENTS,
  awardNow,
  awardPostMilestone,
  STUDY_STREAK_ACHIEVEMENT_DAYS,
} from './achievements.service.ts';
export { subscribeNotifications } from './notifications.events.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export {
  deliver,
  type NotifyInput,
  notify,
  notifyInStatement,
  registerNotificationJobs,
} from './notifications.service.ts';
export { sendPush } from './push.service.ts';
