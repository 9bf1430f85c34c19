import { REMINDER_DEFAULT_HOUR, type ReminderSettings } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { nextDay, studyDay, studyDayStart, studyHour } from '../../lib/study-days.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { countDue } from './notebook.queries.ts';
import {
  claimReminderDay,
  findReminder,
  listReminderCandidates,
  upsertReminder,
} from './reminders.queries.ts';
import { isQuietHour, type ReminderPayload, reminderJobFor } from './reminders.ts';

// The daily review reminder's settings and rules. Sending it (a Web Push) is notifications': its
// periodic pass asks here which reminders are owed and claims each (notifications/study-reminders).

export async function getReminder(ctx: AppContext, viewer: SessionUser): Promise<ReminderSettings> {
  const row = await findReminder(ctx.database.db, viewer.id);
  return row ? { enabled: row.enabled, hour: row.hour } : { enabled: false, hour: REMINDER_DEFAULT_HOUR };
}

/** `PUT /api/reviews/reminder`: opts in or out, at a whole Brasília hour from 7 to 21. */
export async function setReminder(ctx: AppContext, viewer: SessionUser, input: ReminderSettings) {
  const values = { enabled: input.enabled, hour: input.hour, updatedAt: ctx.clock() };
  await upsertReminder(ctx.database.db, viewer.id, values);
  return getReminder(ctx, viewer);
}

/** The reminders owed at `now` (outside the quiet hours, each user's hour reached, none sent today). */
export async function reviewRemindersOwed(db: Tx, now: Date): Promise<ReminderPayload[]> {
  const hour = studyHour(now);
  if (isQuietHour(hour)) return [];
  const candidates = await listReminderCandidates(db, hour, studyDay(now));
  return candidates.flatMap((setting) => reminderJobFor(setting, now)?.payload ?? []);
}

/**
 * Counts the cards due by the end of that Brasília day and, when there are any, claims the day (once
 * per user and day, whichever process runs it). Answers how many are due, or 0 when nothing is to be
 * sent (none due, or the day claimed already).
 */
export async function claimReviewReminder(db: Tx, payload: ReminderPayload): Promise<number> {
  const endOfDay = new Date(studyDayStart(nextDay(payload.day)).getTime() - 1);
  const due = await countDue(db, payload.userId, endOfDay);
  if (due === 0) return 0;
  return (await claimReminderDay(db, payload.userId, payload.day)) ? due : 0;
}
