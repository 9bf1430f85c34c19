import { type ModerationAction, type PageQuery, URGENT_REPORT_REASONS } from '@estudai/contract';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { moderationActions, reports, users } from '../../db/schema/index.ts';

type UsersAlias = ReturnType<typeof alias<typeof users, string>>;

const party = (table: UsersAlias) => ({
  id: table.id,
  displayName: table.displayName,
  username: table.username,
  avatar: table.avatar,
  userType: table.userType,
});

const urgentSql = sql`(${reports.status} = 'open' and ${inArray(reports.reason, [...URGENT_REPORT_REASONS])})`;

/**
 * The moderation queue: open reports and contested decisions. Urgent ones ('exploracao_infantil',
 * their content already hidden) on top, then contests, then the oldest first; one row more than `limit`.
 */
export function listQueueRows(db: Tx, { page, limit }: PageQuery) {
  const reporter = alias(users, 'reporter');
  const target = alias(users, 'target');
  return db
    .select({
      report: reports,
      reporter: party(reporter),
      target: party(target),
      reportsCount: sql<number>`(select count(*) from ${reports} as open_of_target
        where open_of_target.target_id = ${reports.targetId} and open_of_target.status = 'open')`.mapWith(
        Number,
      ),
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(target, eq(target.id, reports.targetId))
    .where(or(eq(reports.status, 'open'), eq(reports.contestStatus, 'pending')))
    .orderBy(
      sql`${urgentSql} desc`,
      sql`${reports.contestStatus} = 'pending' desc nulls last`,
      asc(reports.createdAt),
      asc(reports.id),
    )
    .limit(limit + 1)
    .offset((page - 1) * limit);
}

/** The audit log, newest first; one row more than `limit`. */
export function listModerationActionRows(db: Tx, { page, limit }: PageQuery) {
  const admin = alias(users, 'admin');
  const target = alias(users, 'target');
  return db
    .select({ entry: moderationActions, admin: party(admin), target: party(target) })
    .from(moderationActions)
    .innerJoin(admin, eq(admin.id, moderationActions.adminId))
    .innerJoin(target, eq(target.id, moderationActions.targetId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
}

/** A report, locked until the transaction ends. */
export async function findReportForUpdate(tx: Tx, reportId: string) {
  const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).limit(1).for('update');
  return report;
}

export async function userTypeOf(tx: Tx, userId: string) {
  const [target] = await tx.select({ userType: users.userType }).from(users).where(eq(users.id, userId));
  return target?.userType;
}

/** Lifts the account's suspension. */
export async function liftSuspension(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The open reports about a person, locked until the transaction ends. */
export function openReportsAboutForUpdate(tx: Tx, targetId: string) {
  return tx
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .for('update');
}

/** A decision on a report, and its line in the audit log. */
export async function recordDecision(
  tx: Tx,
  decision: {
    reportId: string;
    status: 'dismissed' | 'warned' | 'suspended';
    adminId: string;
    targetId: string;
    action: ModerationAction;
    note: string;
    now: Date;
  },
): Promise<void> {
  await tx
    .update(reports)
    .set({ status: decision.status, resolvedBy: decision.adminId, resolvedAt: decision.now })
    .where(eq(reports.id, decision.reportId));
  await tx.insert(moderationActions).values({
    reportId: decision.reportId,
    adminId: decision.adminId,
    targetId: decision.targetId,
    action: decision.action,
    note: decision.note,
    createdAt: decision.now,
  });
}
