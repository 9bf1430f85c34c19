import {
  type BulkResolveInput,
  ENFORCEMENT_KIND_LABELS,
  type ImageQueueItem,
  MODERATION_MESSAGES,
  type ModerationQueue,
  type ModerationQueueItem,
  type ModerationQueueKind,
  type ModerationQueueQuery,
  ruleLabel,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { countPendingAppeals, listPendingAppealRows, medianAppealSeconds } from './appeals.queries.ts';
import { decideInTx } from './moderation.service.ts';
import {
  countOpenReports,
  listOpenReportRows,
  medianReportSeconds,
  openReportsOfForUpdate,
} from './queue.queries.ts';
import { reportedContent } from './reported-content.ts';
import { toQueueItem } from './reports.present.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The median resolution time covers what was decided in the last 30 days. */
const MEDIAN_WINDOW_DAYS = 30;

interface SourceQuery {
  userId?: string;
  reason?: string;
  limit: number;
  offset: number;
  now: Date;
}

/** One of the queue's tabs: its items (oldest first, one more than `limit`), its open count and median. */
interface QueueSource {
  list(db: Tx, query: SourceQuery): Promise<ModerationQueueItem[]>;
  count(db: Tx): Promise<number>;
  medianSeconds(db: Tx, since: Date): Promise<number | null>;
}

const ageSeconds = (createdAt: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 1000));

/** Open reports, of people and of content, as queue lines. */
const reportSource: QueueSource = {
  async list(db, query) {
    const rows = await listOpenReportRows(db, query);
    return Promise.all(
      rows.map(async (row) => ({
        type: 'report' as const,
        ageSeconds: ageSeconds(row.report.createdAt, query.now),
        report: toQueueItem(row, await reportedContent(db, row.report)),
      })),
    );
  },
  count: countOpenReports,
  medianSeconds: medianReportSeconds,
};

const appealSource: QueueSource = {
  async list(db, query) {
    const rows = await listPendingAppealRows(db, query);
    return rows.map(({ appeal, action, user }) => ({
      type: 'appeal' as const,
      ageSeconds: ageSeconds(appeal.createdAt, query.now),
      appeal: {
        id: appeal.id,
        text: appeal.text,
        createdAt: appeal.createdAt.toISOString(),
        action: {
          id: action.id,
          kind: action.kind,
          kindLabel: ENFORCEMENT_KIND_LABELS[action.kind],
          ruleLabel: ruleLabel(action.rule),
          itemType: action.itemType,
          itemId: action.itemId,
          moderatorId: action.moderatorId,
          createdAt: action.createdAt.toISOString(),
        },
        user,
      },
    }));
  },
  count: countPendingAppeals,
  medianSeconds: medianAppealSeconds,
};

/** What the queue needs of the images waiting for a moderator (media's, wired by app.ts). */
export interface ImageQueuePort {
  list(query: { limit: number; offset: number; userId?: string }): Promise<ImageQueueItem[]>;
  count(): Promise<number>;
  medianSeconds(since: Date): Promise<number | null>;
}

/** The 'Imagens' tab: images the check found sensitive or blocked, no moderator decided yet. */
const imageSource = (images: ImageQueuePort): QueueSource => ({
  async list(_db, query) {
    const items = await images.list({ limit: query.limit, offset: query.offset, userId: query.userId });
    return items.map((image) => ({
      type: 'image' as const,
      ageSeconds: ageSeconds(new Date(image.createdAt), query.now),
      image,
    }));
  },
  count: () => images.count(),
  medianSeconds: (_db, since) => images.medianSeconds(since),
});

/** `GET /api/admin/moderation/queue`: one tab's items, oldest first, with ages, counts and the median. */
export async function moderationQueue(
  ctx: AppContext,
  images: ImageQueuePort,
  query: ModerationQueueQuery,
  now = ctx.clock(),
): Promise<ModerationQueue> {
  const { db } = ctx.database;
  const sources: Record<ModerationQueueKind, QueueSource> = {
    reports: reportSource,
    images: imageSource(images),
    appeals: appealSource,
  };
  const source = sources[query.kind];
  const items = await source.list(db, {
    userId: query.userId,
    reason: query.kind === 'reports' ? query.reason : undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    now,
  });
  const [reports, imageCount, appeals, median] = await Promise.all([
    sources.reports.count(db),
    sources.images.count(db),
    sources.appeals.count(db),
    source.medianSeconds(db, new Date(now.getTime() - MEDIAN_WINDOW_DAYS * DAY_MS)),
  ]);
  return {
    kind: query.kind,
    data: items.slice(0, query.limit),
    hasMore: items.length > query.limit,
    counts: { reports, images: imageCount, appeals },
    medianResolutionSeconds: median === null ? null : Math.round(median),
  };
}

/**
 * Bulk: every open report against one person decided at once, each with its line in the audit
 * log. A warning is one strike for the lot (one decision), not one per report.
 */
export async function resolveAllReportsAbout(
  ctx: AppContext,
  moderator: SessionUser,
  userId: string,
  input: BulkResolveInput,
  now = ctx.clock(),
): Promise<{ message: string; resolved: number }> {
  if (!isUuid(userId)) throw notFound(MODERATION_MESSAGES.bulkNothingOpen);
  const resolved = await ctx.events.transaction(async (tx) => {
    const open = await openReportsOfForUpdate(tx, userId);
    if (open.length === 0) throw conflict(MODERATION_MESSAGES.bulkNothingOpen);
    let done = 0;
    for (const [index, report] of open.entries()) {
      // A suspension closes every other open report about the person itself.
      if (input.action === 'suspend' && index > 0) break;
      await decideInTx(ctx, tx, moderator, report, input, now, { strike: index === 0 });
      done++;
    }
    return input.action === 'suspend' ? open.length : done;
  });
  if (input.action === 'suspend') {
    ctx.sessions.forgetUser(userId);
    ctx.realtime.endConnections({ userId });
  }
  ctx.bus.publish('author.changed', { userId, visibility: true });
  return { message: MODERATION_MESSAGES.bulkResolved(resolved), resolved };
}
