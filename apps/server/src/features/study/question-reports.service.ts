import {
  type CorrectKeyInput,
  type CreateQuestionReportInput,
  type MarkQuestionInput,
  QUESTION_REPORT_MESSAGES,
  type QuestionOutcome,
  type QuestionReport,
  QuestionReportErrorCode,
  STUDY_LOOP_MESSAGES,
} from '@estudai/contract';
import { questionKeyAccess, questionReportAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { setStoredAnswerKey } from '../posts/index.ts';
import {
  addWrongEntries,
  closeReports,
  findQuestionItem,
  insertReport,
  lockQuestionItem,
  regradeAnswers,
  removeWrongEntries,
  setItemKey,
  setItemStatus,
} from './question-reports.queries.ts';
import type { QuestionRef } from './questions.queries.ts';
import { findVisibleQuestions } from './questions.service.ts';

const M = QUESTION_REPORT_MESSAGES;

/** The facts the access rules of access/question-keys.ts need, and the question when it exists. */
async function factsFor(db: Tx, viewer: SessionUser, ref: QuestionRef) {
  const found = isUuid(ref.postId) ? await findQuestionItem(db, ref) : undefined;
  const [visible] = found ? await findVisibleQuestions(db, viewer.id, [ref]) : [];
  return {
    found,
    facts: {
      exists: Boolean(found),
      visible: Boolean(visible),
      isQuestionAuthor: found?.item.authorId === viewer.id,
      isAdmin: viewer.userType === 'admin',
    },
  };
}

/** The question its author or an admin may correct or mark: a 404 or a 403 otherwise. */
async function editableQuestion(db: Tx, viewer: SessionUser, ref: QuestionRef) {
  const { found, facts } = await factsFor(db, viewer, ref);
  const access = questionKeyAccess(facts);
  if (access === 'not_found' || !found) throw notFound(STUDY_LOOP_MESSAGES.questionNotFound);
  if (access === 'forbidden') throw forbidden(M.notAllowed, QuestionReportErrorCode.notAllowed);
  return found;
}

/** `POST /api/posts/{postId}/question-reports`: the question's author is told. */
export async function reportQuestion(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  input: CreateQuestionReportInput,
): Promise<QuestionReport> {
  const ref = { postId, questionIndex: input.questionIndex ?? 0 };
  const { found, facts } = await factsFor(ctx.database.db, viewer, ref);
  if (questionReportAccess(facts) === 'not_found' || !found)
    throw notFound(STUDY_LOOP_MESSAGES.questionNotFound);
  const report = await ctx.events.transaction(async (tx) => {
    const row = await insertReport(tx, {
      ...ref,
      reporterId: viewer.id,
      reason: input.reason,
      text: input.text ?? '',
      createdAt: ctx.clock(),
    });
    await ctx.events.emit(tx, 'question.reported', {
      reportId: row.id,
      ...ref,
      reason: row.reason,
      reporterId: viewer.id,
      reporterName: viewer.displayName,
      questionAuthorId: found.item.authorId,
    });
    return row;
  });
  return {
    id: report.id,
    postId: report.postId,
    questionIndex: report.questionIndex,
    reason: report.reason,
    text: report.text,
    createdAt: report.createdAt.toISOString(),
    message: M.reported,
  };
}

/**
 * `POST /api/posts/{postId}/key`: the new key everywhere it is kept and every first answer graded
 * again, in one transaction that holds the question's row: answers now wrong enter their caderno
 * (due now), answers now right leave it (a 'wrong' entry only; reviews kept), the share correct and
 * the post's JSON follow, open reports close and their reporters are told. A key the question
 * already has is a 409, so ten concurrent corrections apply once.
 */
export async function correctKey(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  input: CorrectKeyInput,
): Promise<QuestionOutcome> {
  const ref = { postId, questionIndex: input.questionIndex ?? 0 };
  const found = await editableQuestion(ctx.database.db, viewer, ref);
  if (input.correctAnswer >= found.question.options.length) throw badRequest(M.correctAnswerInvalid);
  const now = ctx.clock();
  return ctx.events.transaction(async (tx) => {
    const item = await lockQuestionItem(tx, ref);
    if (!item) throw notFound(STUDY_LOOP_MESSAGES.questionNotFound);
    if (item.correctAnswer === input.correctAnswer)
      throw conflict(M.sameKey, QuestionReportErrorCode.sameKey);
    const changed = await regradeAnswers(tx, ref, input.correctAnswer);
    const nowWrong = changed.filter((answer) => !answer.isCorrect).map((answer) => answer.userId);
    const nowRight = changed.filter((answer) => answer.isCorrect).map((answer) => answer.userId);
    await setItemKey(tx, ref, input.correctAnswer);
    await setStoredAnswerKey(tx, ref.postId, ref.questionIndex, input.correctAnswer);
    await addWrongEntries(tx, nowWrong, ref, now);
    await removeWrongEntries(tx, nowRight, ref);
    const reports = await closeReports(tx, ref, 'key_corrected', now);
    await ctx.events.emit(tx, 'question.reviewed', {
      ...ref,
      outcome: 'key_corrected',
      correctAnswer: input.correctAnswer,
      actorId: viewer.id,
      reporterIds: reports.reporterIds,
    });
    ctx.events.afterCommit(tx, () => ctx.bus.publish('post.edited', { postId: ref.postId }));
    return {
      ...ref,
      correctAnswer: input.correctAnswer,
      status: item.status,
      nowWrong: nowWrong.length,
      nowRight: nowRight.length,
      reportsClosed: reports.closed,
      message: M.keyCorrected,
    };
  });
}

/**
 * `POST /api/posts/{postId}/status`: anulada (simulados score it as right for everyone who answered
 * it) or desatualizada; either leaves the bank unless asked for. The status it has already is a 409.
 */
export async function markQuestion(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  input: MarkQuestionInput,
): Promise<QuestionOutcome> {
  const ref = { postId, questionIndex: input.questionIndex ?? 0 };
  await editableQuestion(ctx.database.db, viewer, ref);
  const now = ctx.clock();
  return ctx.events.transaction(async (tx) => {
    const item = await lockQuestionItem(tx, ref);
    if (!item) throw notFound(STUDY_LOOP_MESSAGES.questionNotFound);
    if (item.status === input.status)
      throw conflict(
        input.status === 'anulada' ? M.alreadyAnulada : M.alreadyDesatualizada,
        QuestionReportErrorCode.sameStatus,
      );
    await setItemStatus(tx, ref, input.status);
    const reports = await closeReports(tx, ref, input.status, now);
    await ctx.events.emit(tx, 'question.reviewed', {
      ...ref,
      outcome: input.status,
      correctAnswer: item.correctAnswer,
      actorId: viewer.id,
      reporterIds: reports.reporterIds,
    });
    return {
      ...ref,
      correctAnswer: item.correctAnswer,
      status: input.status,
      nowWrong: 0,
      nowRight: 0,
      reportsClosed: reports.closed,
      message: input.status === 'anulada' ? M.markedAnulada : M.markedDesatualizada,
    };
  });
}
