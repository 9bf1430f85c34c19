import {
  type DecideContestInput,
  type ModerationAction,
  type ModerationActionEntry,
  type PageQuery,
  REPORT_MESSAGES,
  type ReportQueueItem,
  type ResolveReportInput,
  URGENT_REPORT_REASONS,
} from '@estudai/contract';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { moderationActions, reports, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deleteUserSessions } from '../auth/index.ts';
import { deliver, notify } from '../notifications/index.ts';
import { reportedContent } from './reported-content.ts';
import { toModerationEntry, toQueueItem } from './reports.present.ts';
import { hasOtherOpenUrgentReport, setContentHidden } from './reports.service.ts';

type ReportRow = typeof reports.$inferSelect;

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

const urgentSql = sql`(${reports.status} = 'open' and ${inArray(reports.reason, [...URGENT_REPORT_REASONS])})`;

/**
 * The moderation queue: open reports and contested decisions. Urgent ones ('exploracao_infantil',
 * their content already hidden) on top, then contests, then the oldest first.
 */
export async function listOpenReports(ctx: AppContext, { page, limit }: PageQuery) {
  const reporter = alias(users, 'reporter');
  const target = alias(users, 'target');
  const { db } = ctx.database;
  const rows = await db
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
  const data = await Promise.all(
    rows.slice(0, limit).map(async (row) => toQueueItem(row, await reportedContent(db, row.report))),
  );
  return { data, hasMore: rows.length > limit } satisfies {
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
 * every other open report about the same person, each with its own log line. For reported content,
 * a warning or a suspension removes it (hidden for good, the author told and free to contest);
 * dismissing shows it again unless another urgent report of it waits. The reporter hears the outcome.
 */
export async function resolveReport(
  ctx: AppContext,
  admin: SessionUser,
  reportId: string,
  input: ResolveReportInput,
  now = new Date(),
): Promise<string> {
  if (!isUuid(reportId)) throw notFound('Denúncia não encontrada.');
  const { notifications, targetId } = await ctx.database.db.transaction(async (tx) => {
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
    await applyToContent(tx, report, input.action);
    // A warning reaches the warned person as a system message; nobody learns who reported them.
    const warning =
      input.action === 'warn' && report.contentKind === 'user'
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
    const removal =
      input.action !== 'dismiss' && report.contentKind !== 'user'
        ? await notify(tx, {
            userId: report.targetId,
            type: 'system',
            title: REPORT_MESSAGES.contentRemovedTitle,
            message: REPORT_MESSAGES.contentRemoved,
            actionUrl: `/denuncias/${report.id}`,
            dedupeKey: `moderation-removal:${report.id}`,
          })
        : undefined;
    const outcome = await notify(tx, {
      userId: report.reporterId,
      type: 'system',
      title: REPORT_MESSAGES.outcomeTitle,
      message:
        input.action === 'dismiss' ? REPORT_MESSAGES.outcomeDismissed : REPORT_MESSAGES.outcomeActioned,
      dedupeKey: `report-outcome:${report.id}`,
    });
    return { notifications: [warning, removal, outcome], targetId: report.targetId };
  });
  if (input.action === 'suspend') {
    ctx.sessions.forgetUser(targetId);
    ctx.realtime.endConnections({ userId: targetId });
  }
  ctx.bus.publish('author.changed', { userId: targetId, visibility: true });
  deliver(ctx, notifications);
  return REPORT_MESSAGES.resolved[input.action];
}

/** A decision's effect on reported content: removed (hidden for good) or shown again. */
async function applyToContent(tx: Tx, report: ReportRow, action: ModerationAction) {
  if (report.contentKind === 'user' || !report.contentId) return;
  if (action !== 'dismiss') return setContentHidden(tx, report.contentKind, report.contentId, true);
  if (await hasOtherOpenUrgentReport(tx, report.id, report.contentKind, report.contentId)) return;
  await setContentHidden(tx, report.contentKind, report.contentId, false);
}

/**
 * An admin answers a contest: the decision stands (`uphold`), or it is reversed — the content
 * shows again and a suspension from it is lifted. Recorded on the report with who and when; the
 * author is told.
 */
export async function decideContest(
  ctx: AppContext,
  admin: SessionUser,
  reportId: string,
  input: DecideContestInput,
  now = new Date(),
): Promise<string> {
  if (!isUuid(reportId)) throw notFound(REPORT_MESSAGES.reportNotFound);
  const { notification, targetId } = await ctx.database.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).limit(1).for('update');
    if (!report) throw notFound(REPORT_MESSAGES.reportNotFound);
    if (report.contestStatus !== 'pending') throw conflict(REPORT_MESSAGES.contestNotPending);
    await tx
      .update(reports)
      .set({
        contestStatus: input.uphold ? 'upheld' : 'reversed',
        contestResolvedBy: admin.id,
        contestResolvedAt: now,
        contestNote: input.note ?? '',
      })
      .where(eq(reports.id, report.id));
    if (!input.uphold) {
      if (report.contentId) await setContentHidden(tx, report.contentKind, report.contentId, false);
      if (report.status === 'suspended') {
        await tx
          .update(users)
          .set({ suspendedAt: null, updatedAt: now })
          .where(eq(users.id, report.targetId));
      }
    }
    const notification = await notify(tx, {
      userId: report.targetId,
      type: 'system',
      title: REPORT_MESSAGES.contestOutcomeTitle,
      message: input.uphold ? REPORT_MESSAGES.contestUpheld : REPORT_MESSAGES.contestReversed,
      dedupeKey: `contest-outcome:${report.id}`,
    });
    return { notification, targetId: report.targetId };
  });
  ctx.sessions.forgetUser(targetId);
  ctx.bus.publish('author.changed', { userId: targetId, visibility: true });
  deliver(ctx, [notification]);
  return input.uphold ? REPORT_MESSAGES.contestUpheld : REPORT_MESSAGES.contestReversed;
}
