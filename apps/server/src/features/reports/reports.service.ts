import {
  type ContestReportInput,
  MINORS_ERROR_CODES,
  POST_MESSAGES,
  REPORT_MESSAGES,
  REPORTS_PER_DAY_MAX,
  type ReportContentKind,
  type ReportInput,
  type ReportIntegrity,
  URGENT_REPORT_REASONS,
  USER_ERROR_CODES,
} from '@estudai/contract';
import { findVisibleUser } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { reportEvidence } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findReportableMessage, setMessageHidden } from '../chat/index.ts';
import {
  findReportableComment,
  findReportablePost,
  setCommentHidden,
  setPostHidden,
} from '../posts/index.ts';
import { reportWasAppealed } from './appeals.queries.ts';
import {
  countReportsSince,
  findReportAboutForUpdate,
  hasReported,
  hasReportedContent,
  insertEvidence,
  insertReport,
  lockReporter,
  updateReport,
} from './reports.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const alreadyReported = (kind: ReportContentKind) =>
  conflict(
    kind === 'user' ? REPORT_MESSAGES.alreadyReported : REPORT_MESSAGES.contentAlreadyReported,
    USER_ERROR_CODES.alreadyReported,
  );
const limitReached = () => new AppError(429, USER_ERROR_CODES.reportLimit, REPORT_MESSAGES.limit);

const isUrgentReason = (reason: string) => (URGENT_REPORT_REASONS as readonly string[]).includes(reason);

function reportsInLastDay(db: Tx, reporterId: string, now: Date): Promise<number> {
  return countReportsSince(db, reporterId, new Date(now.getTime() - DAY_MS));
}

/** Whether this person may report now: at most 5 reports (people and content) in any 24 hours. */
export async function reportIntegrity(
  ctx: AppContext,
  reporter: SessionUser,
  now = ctx.clock(),
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

/** What is reported: a person, or one piece of their content with how to hide it and its copy. */
interface ReportSubject {
  kind: ReportContentKind;
  contentId: string | null;
  /** The person reported, or the author of the content. */
  targetId: string;
  /** Content only: hides it from everyone but admins (from `now`). */
  hide?: (tx: Tx, now: Date) => Promise<void>;
  /** Content only: the copy kept as evidence for an urgent report. */
  evidence?: Omit<typeof reportEvidence.$inferInsert, 'reportId'>;
}

/**
 * The one set of rules for every report: not oneself, once per person or per content, five a day.
 * An 'exploracao_infantil' report of content hides it in the same transaction and keeps a copy,
 * and the feed pages kept in memory go, so the very next request of anyone else no longer sees it.
 */
async function fileReport(
  ctx: AppContext,
  reporter: SessionUser,
  subject: ReportSubject,
  input: ReportInput,
  now: Date,
): Promise<string> {
  if (subject.targetId === reporter.id) {
    const message =
      subject.kind === 'user' ? REPORT_MESSAGES.cannotReportSelf : REPORT_MESSAGES.cannotReportOwn;
    throw badRequest(message, USER_ERROR_CODES.selfAction);
  }
  const urgent = isUrgentReason(input.reason) && subject.kind !== 'user';
  let reportId: string;
  try {
    reportId = await ctx.database.db.transaction(async (tx) => {
      // One report at a time per reporter, so two sent together cannot both pass the daily limit.
      await lockReporter(tx, reporter.id);
      const again =
        subject.contentId === null
          ? await hasReported(tx, reporter.id, subject.targetId)
          : await hasReportedContent(tx, reporter.id, subject.kind, subject.contentId);
      if (again) throw alreadyReported(subject.kind);
      if ((await reportsInLastDay(tx, reporter.id, now)) >= REPORTS_PER_DAY_MAX) throw limitReached();
      const id = await insertReport(tx, {
        reporterId: reporter.id,
        targetId: subject.targetId,
        contentKind: subject.kind,
        contentId: subject.contentId,
        reason: input.reason,
        description: input.description ?? '',
        createdAt: now,
      });
      if (urgent) {
        await subject.hide?.(tx, now);
        if (subject.evidence) await insertEvidence(tx, { ...subject.evidence, reportId: id });
      }
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyReported(subject.kind);
    throw error;
  }
  if (urgent) ctx.bus.publish('author.changed', { userId: subject.targetId, visibility: true });
  return reportId;
}

/** Files a report of a person for the moderators. */
export async function reportUser(
  ctx: AppContext,
  reporter: SessionUser,
  targetId: string,
  input: ReportInput,
  now = ctx.clock(),
): Promise<void> {
  const target = await findVisibleUser(ctx.database.db, reporter, targetId);
  await fileReport(ctx, reporter, { kind: 'user', contentId: null, targetId: target.id }, input, now);
}

/** `POST /api/posts/{id}/report`: a post the reporter can see, else 404. */
export async function reportPost(
  ctx: AppContext,
  reporter: SessionUser,
  postId: string,
  input: ReportInput,
  now = ctx.clock(),
): Promise<void> {
  const post = await findReportablePost(ctx.database.db, reporter.id, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  const data = {
    questionData: post.questionData,
    pollData: post.pollData,
    questionSetData: post.questionSetData,
  };
  await fileReport(
    ctx,
    reporter,
    {
      kind: 'post',
      contentId: post.id,
      targetId: post.authorId,
      hide: (tx) => setPostHidden(tx, post.id, true),
      evidence: {
        contentKind: 'post',
        contentId: post.id,
        authorId: post.authorId,
        text: post.content,
        mediaUrls: post.mediaUrls,
        data,
        contentCreatedAt: post.createdAt,
      },
    },
    input,
    now,
  );
}

/** `POST /api/comments/{id}/report`: a comment on a post the reporter can see, else 404. */
export async function reportComment(
  ctx: AppContext,
  reporter: SessionUser,
  commentId: string,
  input: ReportInput,
  now = ctx.clock(),
): Promise<void> {
  const comment = await findReportableComment(ctx.database.db, reporter.id, commentId);
  if (!comment) throw notFound(REPORT_MESSAGES.commentNotFound);
  await fileReport(
    ctx,
    reporter,
    {
      kind: 'comment',
      contentId: comment.id,
      targetId: comment.authorId,
      hide: (tx) => setCommentHidden(tx, comment.id, true),
      evidence: {
        contentKind: 'comment',
        contentId: comment.id,
        authorId: comment.authorId,
        text: comment.content,
        data: { postId: comment.postId },
        contentCreatedAt: comment.createdAt,
      },
    },
    input,
    now,
  );
}

/** `POST /api/chat/messages/{id}/report`: a message of a conversation the reporter is in, else 404. */
export async function reportMessage(
  ctx: AppContext,
  reporter: SessionUser,
  messageId: string,
  input: ReportInput,
  now = ctx.clock(),
): Promise<void> {
  const message = await findReportableMessage(ctx.database.db, reporter.id, messageId);
  if (!message) throw notFound(REPORT_MESSAGES.messageNotFound);
  await fileReport(
    ctx,
    reporter,
    {
      kind: 'message',
      contentId: message.id,
      targetId: message.senderId,
      hide: (tx, at) => setMessageHidden(tx, message.id, true, at),
      evidence: {
        contentKind: 'message',
        contentId: message.id,
        authorId: message.senderId,
        text: message.content,
        data: { conversationId: message.conversationId },
        contentCreatedAt: message.createdAt,
      },
    },
    input,
    now,
  );
}

/** Shows reported content again, or hides it (moderation decisions). Users have nothing to hide. */
export async function setContentHidden(
  tx: Tx,
  kind: ReportContentKind,
  contentId: string | null,
  hidden: boolean,
  now: Date,
): Promise<void> {
  if (!contentId) return;
  if (kind === 'post') await setPostHidden(tx, contentId, hidden);
  else if (kind === 'comment') await setCommentHidden(tx, contentId, hidden);
  else if (kind === 'message') await setMessageHidden(tx, contentId, hidden, now);
}

/**
 * 'Contestar': the author of reported content (or the person reported) disagrees with a decision
 * against them, once (409 the second time). The report goes back to the moderation queue.
 */
export async function contestReport(
  ctx: AppContext,
  author: SessionUser,
  reportId: string,
  input: ContestReportInput,
  now = ctx.clock(),
): Promise<void> {
  if (!isUuid(reportId)) throw notFound(REPORT_MESSAGES.reportNotFound);
  await ctx.database.db.transaction(async (tx) => {
    const report = await findReportAboutForUpdate(tx, reportId, author.id);
    if (!report) throw notFound(REPORT_MESSAGES.reportNotFound);
    // One appeal per decision, whichever door: 'Recorrer' of the action taken from it counts.
    if (report.contestStatus !== null || (await reportWasAppealed(tx, report.id))) {
      throw conflict(REPORT_MESSAGES.contestTwice, MINORS_ERROR_CODES.alreadyContested);
    }
    if (report.status === 'open' || report.status === 'dismissed') {
      throw conflict(REPORT_MESSAGES.contestNotAllowed);
    }
    await updateReport(tx, report.id, {
      contestReason: input.reason,
      contestedAt: now,
      contestStatus: 'pending',
    });
  });
}
