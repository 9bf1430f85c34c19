import {
  REPORT_MESSAGES,
  REPORTS_PER_DAY_MAX,
  type ReportInput,
  type ReportIntegrity,
  USER_ERROR_CODES,
} from '@estudai/contract';
import { and, count, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { reports, users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findVisibleUser } from '../users/user-lookup.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const alreadyReported = () => conflict(REPORT_MESSAGES.alreadyReported, USER_ERROR_CODES.alreadyReported);
const limitReached = () => new AppError(429, USER_ERROR_CODES.reportLimit, REPORT_MESSAGES.limit);

async function reportsInLastDay(db: Tx, reporterId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, new Date(now.getTime() - DAY_MS))));
  return row?.n ?? 0;
}

export async function hasReported(db: Tx, reporterId: string, targetId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.targetId, targetId)))
    .limit(1);
  return Boolean(row);
}

/** Whether this person may report now: at most 5 reports in any 24 hours. */
export async function reportIntegrity(
  ctx: AppContext,
  reporter: SessionUser,
  now = new Date(),
): Promise<ReportIntegrity> {
  const canReport = (await reportsInLastDay(ctx.database.db, reporter.id, now)) < REPORTS_PER_DAY_MAX;
  return { canReport, message: canReport ? REPORT_MESSAGES.canReport : REPORT_MESSAGES.limit };
}

export async function checkReported(
  ctx: AppContext,
  reporter: SessionUser,
  targetId: string,
): Promise<boolean> {
  const target = await findVisibleUser(ctx.database.db, reporter, targetId);
  return hasReported(ctx.database.db, reporter.id, target.id);
}

/** Files a report for the moderators: one per reporter and target, five a day at most. */
export async function reportUser(
  ctx: AppContext,
  reporter: SessionUser,
  targetId: string,
  input: ReportInput,
  now = new Date(),
): Promise<void> {
  const { db } = ctx.database;
  const target = await findVisibleUser(db, reporter, targetId);
  if (target.id === reporter.id)
    throw badRequest(REPORT_MESSAGES.cannotReportSelf, USER_ERROR_CODES.selfAction);
  try {
    await db.transaction(async (tx) => {
      // One report at a time per reporter, so two sent together cannot both pass the daily limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, reporter.id)).for('update');
      if (await hasReported(tx, reporter.id, target.id)) throw alreadyReported();
      if ((await reportsInLastDay(tx, reporter.id, now)) >= REPORTS_PER_DAY_MAX) throw limitReached();
      await tx.insert(reports).values({
        reporterId: reporter.id,
        targetId: target.id,
        reason: input.reason,
        description: input.description ?? '',
        createdAt: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyReported();
    throw error;
  }
}
