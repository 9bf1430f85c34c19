import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { appPresence } from '../../db/schema/index.ts';
import { runErasureJobs } from './erasure.service.ts';
import { expireExports, runExportJobs } from './export.service.ts';

/** App time is kept for the guardian's 14-day dashboard, and a little longer, no more. */
const PRESENCE_KEEP_DAYS = 30;

/**
 * One pass of the privacy jobs ('privacy.export', 'privacy.erase', 'privacy.expire'): their state
 * is in the database (data_exports, users.deletion_scheduled_for), so whatever a stopped process
 * left undone the next pass does. Until the durable queue comes, an in-process timer runs them.
 */
export async function runPrivacyJobs(ctx: AppContext, now = new Date()) {
  const exported = await runExportJobs(ctx, now);
  const erased = await runErasureJobs(ctx, now);
  const expired = await expireExports(ctx, now);
  await ctx.database.db
    .delete(appPresence)
    .where(lt(appPresence.bucket, new Date(now.getTime() - PRESENCE_KEEP_DAYS * 24 * 60 * 60 * 1000)));
  return { exported, erased, expired };
}

/** Starts the periodic pass (config.privacyJobIntervalMs; 0: never); answers how to stop it. */
export function startPrivacySchedule(ctx: AppContext): () => void {
  const every = ctx.config.privacyJobIntervalMs;
  if (every <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    // One pass at a time in a process; other processes are kept apart by the database's locks.
    if (running) return;
    running = true;
    ctx.tasks.run('privacy.jobs', () => runPrivacyJobs(ctx).finally(() => (running = false)));
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
