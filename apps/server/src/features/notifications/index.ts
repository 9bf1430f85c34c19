// The notifications feature's public face: what the app may use (docs/conventions.md). Nobody
// else imports notifications: it follows the other features' events (notifications.events.ts).

export { registerLeagueJobs } from './league-celebrations.service.ts';
export { subscribeNotifications } from './notifications.events.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { registerNotificationJobs } from './notifications.service.ts';
export { newVapidKeys } from './push.service.ts';
export { registerStudyReminderJobs } from './study-reminders.service.ts';
