import {
  type ModerationAction,
  type ModerationActionEntry,
  type PageQuery,
  REPORT_MESSAGES,
  type ReportQueueItem,
  type ResolveReportInput,
} from '@estudai/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { moderationActions, reports, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deleteUserSessions } from '../auth/sessions.service.ts';
import { deliver, notify } from '../notifications/notifications.service.ts';
import { toModerationEntry, toQueueItem } from './reports.present.ts';

const STATUS_OF: Record<ModerationAction, 'dismissed' | 'warned' | 'suspended'> = {
  dismiss: 'dismissed',
  warn: 'warned',
  suspend: 'suspended',
};

type UsersAlias = ReturnType<typeof alias<typeof users, string>>;

const party = (table: UsersAlias) => ({
  id: table.id,
  displayName: table.displayName,
  username: table.username,
  avatar: table.avatar,
  userType: table.userType,
});

/** Open reports, oldest first: the moderation queue. */
export async function listOpenReports(ctx: AppContext, { page, limit }: PageQuery) {
  const reporter = alias(users, 'reporter');
  const target = alias(users, 'target');
  const rows = await ctx.database.db
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
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { data: rows.slice(0, limit).map(toQueueItem), hasMore: rows.length > limit } satisfies {
    data: ReportQueueItem[];
    hasMore: boolean;
  };
}

/** The audit log, newest first. */
export async function listModerationActions(ctx: AppContext, { page, limit }: PageQuery) {
  const admin = alias(users, 'admin');
  const target = alias(users, 'target');
  const rows = await ctx.database.db
    .select({ entry: moderationActions, admin: party(admin), target: party(target) })
    .from(moderationActions)
    .innerJoin(admin, eq(admin.id, moderationActions.adminId))
    .innerJoin(target, eq(target.id, moderationActions.targetId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { data: rows.slice(0, limit).map(toModerationEntry), hasMore: rows.length > limit } satisfies {
    data: ModerationActionEntry[];
    hasMore: boolean;
  };
}

/** Suspends the account: it cannot sign in, its sessions end, its posts leave the feed. */
async function suspendUser(tx: Tx, userId: string, now: Date) {
  await tx
    .update(users)
    .set({ suspendedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)));
  await deleteUserSessions(tx, userId);
}

/**
 * Decides an open report and writes the decision to the audit log. Suspending also closes
 * every other open report about the same person, each with its own log line.
 */
export async function resolveReport(
  ctx: AppContext,
  admin: SessionUser,
  reportId: string,
  input: ResolveReportInput,
  now = new Date(),
): Promise<string> {
  if (!isUuid(reportId)) throw notFound('Denúncia não encontrada.');
  const { warning, targetId } = await ctx.database.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).limit(1).for('update');
    if (!report) throw notFound('Denúncia não encontrada.');
    if (report.status !== 'open') throw conflict(REPORT_MESSAGES.alreadyResolved);
    if (input.action === 'suspend') {
      const [target] = await tx
        .select({ userType: users.userType })
        .from(users)
        .where(eq(users.id, report.targetId));
      if (target?.userType === 'admin') throw badRequest(REPORT_MESSAGES.cannotSuspendAdmin);
      await suspendUser(tx, report.targetId, now);
    }
    const closing =
      input.action === 'suspend'
        ? await tx
            .select({ id: reports.id })
            .from(reports)
            .where(and(eq(reports.targetId, report.targetId), eq(reports.status, 'open')))
            .for('update')
        : [{ id: report.id }];
    for (const { id } of closing) {
      await tx
        .update(reports)
        .set({ status: STATUS_OF[input.action], resolvedBy: admin.id, resolvedAt: now })
        .where(eq(reports.id, id));
      await tx.insert(moderationActions).values({
        reportId: id,
        adminId: admin.id,
        targetId: report.targetId,
        action: input.action,
        note: input.note ?? '',
        createdAt: now,
      });
    }
    // A warning reaches the warned person as a system message; nobody learns who reported them.
    const warning =
      input.action === 'warn'
        ? await notify(tx, {
            userId: report.targetId,
            type: 'system',
            title: 'Aviso da moderação',
            message:
              'Recebemos denúncias sobre sua conduta no Estudaí. Revise as regras da comunidade: novas violações podem levar à suspensão da conta.',
            actionUrl: '/profile',
            dedupeKey: `moderation-warning:${report.id}`,
          })
        : undefined;
    return { warning, targetId: report.targetId };
  });
  if (input.action === 'suspend') ctx.sessions.forgetUser(targetId);
  deliver(ctx, [warning]);
  return REPORT_MESSAGES.resolved[input.action];
}
