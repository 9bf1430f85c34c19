import { type ReportContentKind, URGENT_REPORT_REASONS } from '@estudai/contract';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { comments, messages, posts, reportEvidence, reports, users } from '../../db/schema/index.ts';

/** Reports (of people and content) the reporter filed after `since`. */
export async function countReportsSince(db: Tx, reporterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)));
  return row?.n ?? 0;
}

export async function hasReported(db: Tx, reporterId: string, targetId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetId, targetId),
        eq(reports.contentKind, 'user'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function hasReportedContent(
  db: Tx,
  reporterId: string,
  kind: ReportContentKind,
  contentId: string,
) {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.contentKind, kind),
        eq(reports.contentId, contentId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Locks the reporter's row until the transaction ends: one report at a time per reporter. */
export async function lockReporter(tx: Tx, reporterId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, reporterId)).for('update');
}

/** A new report; answers its id. */
export async function insertReport(tx: Tx, values: typeof reports.$inferInsert): Promise<string> {
  const [row] = await tx.insert(reports).values(values).returning({ id: reports.id });
  if (!row) throw new Error('report insert returned no row');
  return row.id;
}

/** The copy of reported content kept as evidence. */
export async function insertEvidence(tx: Tx, values: typeof reportEvidence.$inferInsert): Promise<void> {
  await tx.insert(reportEvidence).values(values);
}

/** A report about `targetId`, locked until the transaction ends. */
export async function findReportAboutForUpdate(tx: Tx, reportId: string, targetId: string) {
  const [report] = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.targetId, targetId)))
    .limit(1)
    .for('update');
  return report;
}

export async function updateReport(
  tx: Tx,
  reportId: string,
  changes: Partial<typeof reports.$inferInsert>,
): Promise<void> {
  await tx.update(reports).set(changes).where(eq(reports.id, reportId));
}

/** Other open urgent reports of the same content: it stays hidden while any waits. */
export async function hasOtherOpenUrgentReport(
  tx: Tx,
  reportId: string,
  kind: ReportContentKind,
  contentId: string,
): Promise<boolean> {
  const rows = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.contentKind, kind),
        eq(reports.contentId, contentId),
        eq(reports.status, 'open'),
        inArray(reports.reason, [...URGENT_REPORT_REASONS]),
      ),
    );
  return rows.some((row) => row.id !== reportId);
}

type Live = { text: string; mediaUrls: string[]; hidden: boolean; postId: string | null } | undefined;

/** The content as it is now; undefined once deleted. Moderators see it whatever its state. */
export async function liveContent(db: Tx, kind: 'post' | 'comment' | 'message', id: string): Promise<Live> {
  if (kind === 'post') {
    const [row] = await db
      .select({ text: posts.content, mediaUrls: posts.mediaUrls, hiddenAt: posts.hiddenAt })
      .from(posts)
      .where(eq(posts.id, id));
    return row && { text: row.text, mediaUrls: row.mediaUrls, hidden: row.hiddenAt !== null, postId: id };
  }
  if (kind === 'comment') {
    const [row] = await db
      .select({ text: comments.content, hiddenAt: comments.hiddenAt, postId: comments.postId })
      .from(comments)
      .where(eq(comments.id, id));
    return row && { text: row.text, mediaUrls: [], hidden: row.hiddenAt !== null, postId: row.postId };
  }
  const [row] = await db
    .select({ text: messages.content, hiddenAt: messages.hiddenAt })
    .from(messages)
    .where(eq(messages.id, id));
  return row && { text: row.text, mediaUrls: [], hidden: row.hiddenAt !== null, postId: null };
}

/** The latest evidence copy kept of the content. */
export async function latestEvidence(db: Tx, contentId: string) {
  const [copy] = await db
    .select({ text: reportEvidence.text, mediaUrls: reportEvidence.mediaUrls, data: reportEvidence.data })
    .from(reportEvidence)
    .where(eq(reportEvidence.contentId, contentId))
    .orderBy(desc(reportEvidence.capturedAt))
    .limit(1);
  return copy;
}
