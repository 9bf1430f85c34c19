import { reminderMessage, STUDY_LOOP_MESSAGES, STUDY_PATHS } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { claimReviewReminder, type ReminderPayload, reviewRemindersOwed } from '../study/index.ts';
import { sendPush } from './push.service.ts';

// The daily review reminder (a Web Push): study keeps the settings and says who is owed one and how
// many cards are due; this pass sends them.

/**
 * The job: counts the cards due by the end of that Brasília day and, when there are any, claims the
 * day (once per user and day, whichever process runs it) and sends the Web Push. True if sent.
 */
export async function runReminderJob(ctx: AppContext, payload: ReminderPayload): Promise<boolean> {
  const due = await claimReviewReminder(ctx.database.db, payload);
  if (due === 0) return false;
  await sendPush(ctx, payload.userId, {
    title: STUDY_LOOP_MESSAGES.reminderTitle,
    body: reminderMessage(due),
    url: STUDY_PATHS.review,
    tag: `study-reminder:${payload.day}`,
  });
  return true;
}

/** One pass of the periodic check: every reminder owed at `now` is run. Answers how many went out. */
export async function runDueReminders(ctx: AppContext, now: Date = ctx.clock()): Promise<number> {
  let sent = 0;
  for (const payload of await reviewRemindersOwed(ctx.database.db, now)) {
    if (await runReminderJob(ctx, payload)) sent++;
  }
  return sent;
}

/** The periodic check as a durable job, once per slot across processes (0: never). */
export function registerStudyReminderJobs(ctx: AppContext): void {
  ctx.jobs.every('study.daily-reminders', ctx.config.reviewReminderIntervalMs, () => runDueReminders(ctx));
}
