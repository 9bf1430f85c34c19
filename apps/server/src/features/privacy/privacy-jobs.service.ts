import type { AppContext } from '../../context.ts';
import { runErasureJobs } from './erasure.service.ts';
import { expireExports, runExportJobs } from './export.service.ts';
import { deletePresenceBefore } from './privacy.queries.ts';

/** App time is kept for the guardian's 14-day dashboard, and a little longer, no more. */
const PRESENCE_KEEP_DAYS = 30;

/**
 * One pass of the privacy jobs ('privacy.export', 'privacy.erase', 'privacy.expire'): their state
 * is in the database (data_exports, users.deletion_scheduled_for), so whatever a stopped process
 * left undone the next pass does. A periodic job (plugins/jobs.ts) runs them.
 */
export async function runPrivacyJobs(ctx: AppContext, now = ctx.clock()) {
  const exported = await runExportJobs(ctx, now);
  const erased = await runErasureJobs(ctx, now);
  const expired = await expireExports(ctx, now);
  await deletePresenceBefore(
    ctx.database.db,
    new Date(now.getTime() - PRESENCE_KEEP_DAYS * 24 * 60 * 60 * 1000),
  );
  return { exported, erased, expired };
}

/** The periodic pass as a durable job, once per slot across processes (config.privacyJobIntervalMs; 0: never). */
export function registerPrivacyJobs(ctx: AppContext): void {
  ctx.jobs.every('privacy.pass', ctx.config.privacyJobIntervalMs, () => runPrivacyJobs(ctx));
}
