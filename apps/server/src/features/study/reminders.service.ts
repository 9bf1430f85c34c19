import {
  REMINDER_DEFAULT_HOUR,
  type ReminderSettings,
  reminderMessage,
  STUDY_LOOP_MESSAGES,
  STUDY_PATHS,
} from '@estudai/contract';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { studyReminders } from '../../db/schema/index.ts';
import { nextDay, studyDay, studyDayStart, studyHour } from '../../lib/study-days.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { sendPush } from '../notifications/index.ts';
import { countDue } from './notebook.service.ts';
import { isQuietHour, type ReminderPayload, reminderJobFor } from './reminders.ts';

export async function getReminder(ctx: AppContext, viewer: SessionUser): Promise<ReminderSettings> {
  const [row] = await ctx.database.db
    .select()
    .from(studyReminders)
    .where(eq(studyReminders.userId, viewer.id));
  return row ? { enabled: row.enabled, hour: row.hour } : { enabled: false, hour: REMINDER_DEFAULT_HOUR };
}

/** `PUT /api/reviews/reminder`: opts in or out, at a whole Brasília hour from 7 to 21. */
export async function setReminder(ctx: AppContext, viewer: SessionUser, input: ReminderSettings) {
  const values = { enabled: input.enabled, hour: input.hour, updatedAt: new Date() };
  await ctx.database.db
    .insert(studyReminders)
    .values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: studyReminders.userId, set: values });
  return getReminder(ctx, viewer);
}

/**
 * The job: counts the cards due by the end of that Brasília day and, when there are any, claims the
 * day (once per user and day, whichever process runs it) and sends the Web Push. True if sent.
 */
export async function runReminderJob(ctx: AppContext, payload: ReminderPayload): Promise<boolean> {
  const { db } = ctx.database;
  const endOfDay = new Date(studyDayStart(nextDay(payload.day)).getTime() - 1);
  const due = await countDue(db, payload.userId, endOfDay);
  if (due === 0) return false;
  const claimed = await db
    .update(studyReminders)
    .set({ lastSentDay: payload.day })
    .where(
      and(
        eq(studyReminders.userId, payload.userId),
        or(isNull(studyReminders.lastSentDay), lt(studyReminders.lastSentDay, payload.day)),
      ),
    )
    .returning({ userId: studyReminders.userId });
  if (claimed.length === 0) return false;
  await sendPush(ctx, payload.userId, {
    title: STUDY_LOOP_MESSAGES.reminderTitle,
    body: reminderMessage(due),
    url: STUDY_PATHS.review,
    tag: `study-reminder:${payload.day}`,
  });
  return true;
}

/** One pass of the periodic check: every reminder owed at `now` is run. Answers how many went out. */
export async function runDueReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const hour = studyHour(now);
  if (isQuietHour(hour)) return 0;
  const today = studyDay(now);
  const candidates = await ctx.database.db
    .select()
    .from(studyReminders)
    .where(
      and(
        eq(studyReminders.enabled, true),
        lte(studyReminders.hour, hour),
        or(isNull(studyReminders.lastSentDay), lt(studyReminders.lastSentDay, today)),
      ),
    );
  let sent = 0;
  for (const setting of candidates) {
    const job = reminderJobFor(setting, now);
    if (job && (await runReminderJob(ctx, job.payload))) sent++;
  }
  return sent;
}

/** The periodic check as a durable job, once per slot across processes (0: never). */
export function registerReminderJobs(ctx: AppContext): void {
  ctx.jobs.every('study.daily-reminders', ctx.config.reviewReminderIntervalMs, () => runDueReminders(ctx));
}
