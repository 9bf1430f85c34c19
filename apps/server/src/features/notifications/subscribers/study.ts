import type { AppContext } from '../../../context.ts';
import { ACHIEVEMENTS, award, STUDY_STREAK_ACHIEVEMENT_DAYS } from '../achievements.service.ts';
import { deliver } from '../notifications.service.ts';

// What study's events tell people (events/domain-events.ts, 'study'). The daily review reminder is
// not an event: notifications' own pass sends it (../study-reminders.service.ts).

export function subscribeStudyNotifications(ctx: AppContext): void {
  // A seventh day of study in a row earns an achievement, once; in the session's transaction.
  ctx.events.on('study.sessionRecorded', async (tx, event) => {
    if (event.studyStreak < STUDY_STREAK_ACHIEVEMENT_DAYS) return;
    const row = await award(tx, event.userId, ACHIEVEMENTS.studyStreak);
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}
