import {
  type DecideContestInput,
  type ModerationAction,
  type ModerationActionEntry,
  type PageQuery,
  REPORT_MESSAGES,
  type ReportQueueItem,
  type ResolveReportInput,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { reports } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  enforcementsOfReport,
  recordModerationAction,
  reverseModerationAction,
} from '../enforcement/index.ts';
import {
  findReportForUpdate,
  liftSuspension,
  listModerationActionRows,
  listQueueRows,
  openReportsAboutForUpdate,
  recordDecision,
  userTypeOf,
} from './moderation.queries.ts';
import { reportedContent } from './reported-content.ts';
import { toModerationEntry, toQueueItem } from './reports.present.ts';
import { hasOtherOpenUrgentReport, updateReport } from './reports.queries.ts';
import { setContentHidden } from './reports.service.ts';

type ReportRow = typeof reports.$inferSelect;

const STATUS_OF: Record<ModerationAction, 'dismissed' | 'warned' | 'suspended'> = {
  dismiss: 'dismissed',
  warn: 'warned',
  suspend: 'suspended',
};

/**
 * The moderation queue: open reports and contested decisions. Urgent ones ('exploracao_infantil',
 * their content already hidden) on top, then contests, then the oldest first.
 */
export async function listOpenReports(ctx: AppContext, { page, limit }: PageQuery) {
  const { db } = ctx.database;
  const rows = await listQueueRows(db, { page, limit });
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
  const rows = await listModerationActionRows(ctx.database.db, { page, limit });
  return { data: rows.slice(0, limit).map(toModerationEntry), hasMore: rows.length > limit } satisfies {
    data: ModerationActionEntry[];
    hasMore: boolean;
  };
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
  now = ctx.clock(),
): Promise<string> {
  if (!isUuid(reportId)) throw notFound('Denúncia não encontrada.');
  const { targetId } = await ctx.events.transaction(async (tx) => {
    const report = await findReportForUpdate(tx, reportId);
    if (!report) throw notFound('Denúncia não encontrada.');
    if (report.status !== 'open') throw conflict(REPORT_MESSAGES.alreadyResolved);
    await decideInTx(ctx, tx, admin, report, input, now, { strike: true });
    return { targetId: report.targetId };
  });
  if (input.action === 'suspend') {
    ctx.sessions.forgetUser(targetId);
    ctx.realtime.endConnections({ userId: targetId });
  }
  ctx.bus.publish('author.changed', { userId: targetId, visibility: true });
  return REPORT_MESSAGES.resolved[input.action];
}

/**
 * One decision inside the caller's transaction: the action against the person (issue 43: a warning
 * is a strike on the ladder, a suspension is a moderator's own), the audit log lines, the content,
 * and the event that tells the reporter. `strike: false` for the later reports of a bulk decision,
 * which count as one strike.
 */
export async function decideInTx(
  ctx: AppContext,
  tx: Tx,
  admin: SessionUser,
  report: ReportRow,
  input: ResolveReportInput,
  now: Date,
  { strike }: { strike: boolean },
): Promise<void> {
  const acted = {
    userId: report.targetId,
    rule: report.reason,
    itemType: report.contentKind,
    itemId: report.contentId,
    moderatorId: admin.id,
    reportId: report.id,
    at: now,
  };
  if (input.action === 'suspend') {
    if ((await userTypeOf(tx, report.targetId)) === 'admin') {
      throw badRequest(REPORT_MESSAGES.cannotSuspendAdmin);
    }
    await recordModerationAction(ctx, tx, { ...acted, kind: 'suspension', strike: true });
  } else if (input.action === 'warn' && strike) {
    const kind = report.contentKind === 'user' ? 'warning' : 'content_removed';
    await recordModerationAction(ctx, tx, { ...acted, kind, strike: true });
  }
  const closing =
    input.action === 'suspend' ? await openReportsAboutForUpdate(tx, report.targetId) : [{ id: report.id }];
  for (const { id } of closing) {
    await recordDecision(tx, {
      reportId: id,
      status: STATUS_OF[input.action],
      adminId: admin.id,
      targetId: report.targetId,
      action: input.action,
      note: input.note ?? '',
      now,
    });
  }
  await applyToContent(tx, report, input.action, now);
  // The warned person, the author of removed content and the reporter hear of it (nobody learns
  // who reported them).
  await ctx.events.emit(tx, 'report.resolved', {
    reportId: report.id,
    action: input.action,
    contentKind: report.contentKind,
    targetId: report.targetId,
    reporterId: report.reporterId,
    reason: report.reason,
  });
}

/** A decision's effect on reported content: removed (hidden for good) or shown again. */
async function applyToContent(tx: Tx, report: ReportRow, action: ModerationAction, now: Date) {
  if (report.contentKind === 'user' || !report.contentId) return;
  if (action !== 'dismiss') return setContentHidden(tx, report.contentKind, report.contentId, true, now);
  if (await hasOtherOpenUrgentReport(tx, report.id, report.contentKind, report.contentId)) return;
  await setContentHidden(tx, report.contentKind, report.contentId, false, now);
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
  now = ctx.clock(),
): Promise<string> {
  if (!isUuid(reportId)) throw notFound(REPORT_MESSAGES.reportNotFound);
  const { targetId } = await ctx.events.transaction(async (tx) => {
    const report = await findReportForUpdate(tx, reportId);
    if (!report) throw notFound(REPORT_MESSAGES.reportNotFound);
    if (report.contestStatus !== 'pending') throw conflict(REPORT_MESSAGES.contestNotPending);
    await updateReport(tx, report.id, {
      contestStatus: input.uphold ? 'upheld' : 'reversed',
      contestResolvedBy: admin.id,
      contestResolvedAt: now,
      contestNote: input.note ?? '',
    });
    if (!input.uphold) {
      if (report.contentId) await setContentHidden(tx, report.contentKind, report.contentId, false, now);
      if (report.status === 'suspended') await liftSuspension(tx, report.targetId, now);
      // The action recorded from the decision is reversed with it: its strike stops counting.
      for (const action of await enforcementsOfReport(tx, report.id)) {
        await reverseModerationAction(ctx, tx, action, now);
      }
    }
    // The author hears the outcome.
    await ctx.events.emit(tx, 'report.contest.decided', {
      reportId: report.id,
      targetId: report.targetId,
      uphold: input.uphold,
    });
    return { targetId: report.targetId };
  });
  ctx.sessions.forgetUser(targetId);
  ctx.bus.publish('author.changed', { userId: targetId, visibility: true });
  return input.uphold ? REPORT_MESSAGES.contestUpheld : REPORT_MESSAGES.contestReversed;
}
