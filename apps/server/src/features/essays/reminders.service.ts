import { ESSAY_REMINDER_HOURS } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { isQuietForMinor } from '../../lib/ages.ts';
import { claimReminder, expiringUnreminded } from './essays.queries.ts';

// Issue 38: a grader hears, once, that an assignment expires within 6 hours (after 48 h it goes back
// to the pool). This pass claims each reminder and emits 'essay.reviewExpiring'; notifications writes
// it. A minor is never reminded between 22:00 and 07:00 Brasília time: their reminder waits for a
// later pass (07:00 at the latest), if the assignment is still open then.

/** How often the pass looks. */
const REMINDER_PASS_MS = 15 * 60_000;
/** Reminders a pass sends at most (the next pass takes the rest). */
const REMINDERS_PER_PASS = 500;
const HOUR = 3_600_000;

/** One pass: answers how many reminders went out. */
export async function runExpiringReviewReminders(ctx: AppContext, now: Date = ctx.clock()): Promise<number> {
  const until = new Date(now.getTime() + ESSAY_REMINDER_HOURS * HOUR);
  const due = await expiringUnreminded(ctx.database.db, now, until, REMINDERS_PER_PASS);
  let sent = 0;
  for (const row of due) {
    if (isQuietForMinor(row.birthDate, now)) continue;
    const claimed = await ctx.events.transaction(async (tx) => {
      if (!(await claimReminder(tx, row.reviewId, now))) return false;
      await ctx.events.emit(tx, 'essay.reviewExpiring', {
        reviewId: row.reviewId,
        graderId: row.graderId,
        groupId: row.groupId,
        promptTitle: row.promptTitle,
        expiresAt: row.expiresAt.toISOString(),
      });
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}

/** The pass as a durable periodic job, once per slot across processes. */
export function registerEssayJobs(ctx: AppContext): void {
  ctx.jobs.every('essays.expiring-reminders', REMINDER_PASS_MS, () => runExpiringReviewReminders(ctx));
}
