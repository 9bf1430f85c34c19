import {
  brasiliaInstant,
  type createSimuladoInputSchema,
  type PageQuery,
  SIMULADO_MESSAGES,
  SIMULADO_QUESTIONS_MIN,
  type Simulado,
  type SimuladoDetail,
  SimuladoErrorCode,
  type SimuladoQuestionRef,
  type updateSimuladoInputSchema,
} from '@estudai/contract';
import type { z } from 'zod';
import {
  assertCanCreateSimulados,
  assertManages,
  groupOf,
  groupSimuladoAccess,
  imageViewer,
  questionImagesOf,
  readsClassResults,
  type SimuladoAccess,
  simuladoAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findVisibleQuestions } from '../study/index.ts';
import { finalizeIfEnded } from './attempts.service.ts';
import { listCurrentMembers } from './paper.queries.ts';
import { attemptEnded, toAttempt, toSimulado, toSimuladoQuestion } from './simulados.present.ts';
import {
  claimClosedUnannounced,
  countInProgress,
  countQuestions,
  findAttempt,
  findAttempts,
  findSimuladoRow,
  insertSimulado,
  listAnswers,
  listGroupSimuladoRows,
  listPersonalSimuladoRows,
  listQuestions,
  participantIds,
  publishDraft,
  replaceQuestions,
  type SimuladoWithCreator,
  updateDraft,
} from './simulados.queries.ts';

const M = SIMULADO_MESSAGES;
type CreateSimulado = z.output<typeof createSimuladoInputSchema>;
type UpdateSimulado = z.output<typeof updateSimuladoInputSchema>;

export interface SimuladoPage {
  data: Simulado[];
  hasMore: boolean;
}

/** The window as stored: 'now' is the server's clock; it must close after it opens, in the future. */
function resolveWindow(opensAt: string | Date, closesAt: string | Date, now: Date) {
  const opens = opensAt === 'now' ? now : opensAt instanceof Date ? opensAt : brasiliaInstant(opensAt);
  const closes = closesAt instanceof Date ? closesAt : brasiliaInstant(closesAt);
  if (closes <= opens) throw badRequest(M.windowInverted);
  if (closes <= now) throw badRequest(M.closesInPast);
  return { opensAt: opens, closesAt: closes };
}

/**
 * The picked questions as the simulado keeps them (a copy of each, in order). Each must be one the
 * creator can see in the bank; a quiz's question is named by its index, a question post's by null.
 */
export async function pickQuestions(db: Tx, viewer: SessionUser, refs: SimuladoQuestionRef[]) {
  const wanted = refs.map((ref) => ({
    postId: ref.postId.toLowerCase(),
    questionIndex: ref.questionIndex ?? 0,
  }));
  const found = await findVisibleQuestions(db, viewer.id, wanted);
  const byKey = new Map(found.map((question) => [`${question.postId}:${question.questionIndex}`, question]));
  return refs.map((ref, position) => {
    const { postId, questionIndex } = wanted[position]!;
    const question = byKey.get(`${postId}:${questionIndex}`);
    if (!question)
      throw badRequest(M.questionUnavailable(position + 1), SimuladoErrorCode.questionUnavailable);
    if (question.postType === 'question_set' && ref.questionIndex === null)
      throw badRequest(M.questionIndexRequired(position + 1));
    if (question.postType === 'question' && ref.questionIndex !== null)
      throw badRequest(M.questionIndexNotAllowed(position + 1));
    return {
      position,
      postId,
      questionIndex,
      postType: question.postType,
      question: question.question,
      correctAnswer: question.question.correctAnswer,
      subject: question.question.subject ?? null,
      topic: question.question.topic ?? null,
    };
  });
}

/** `POST /api/study-groups/{id}/simulados`: a draft, by one who may manage the group's simulados. */
export async function createSimulado(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  input: CreateSimulado,
): Promise<SimuladoDetail> {
  assertCanCreateSimulados(viewer);
  const { db } = ctx.database;
  assertManages(await groupSimuladoAccess(db, groupId, viewer));
  const now = ctx.clock();
  const window = resolveWindow(input.opensAt, input.closesAt, now);
  const questions = await pickQuestions(db, viewer, input.questions);
  const id = await db.transaction(async (tx) => {
    const row = await insertSimulado(tx, {
      studyGroupId: groupId,
      createdBy: viewer.id,
      title: input.title,
      durationMinutes: input.durationMinutes,
      ...window,
      showRanking: input.showRanking,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new Error('simulado not inserted');
    await replaceQuestions(tx, row.id, questions);
    return row.id;
  });
  return getSimulado(ctx, viewer, id);
}

/** `PATCH /api/simulados/{id}`: drafts only; `questions` replaces the whole list. */
export async function updateSimulado(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
  input: UpdateSimulado,
): Promise<SimuladoDetail> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  assertManages(access);
  const { simulado } = access;
  if (simulado.status !== 'draft') throw conflict(M.publishedLocked, SimuladoErrorCode.published);
  const now = ctx.clock();
  const window =
    input.opensAt !== undefined || input.closesAt !== undefined
      ? resolveWindow(input.opensAt ?? simulado.opensAt, input.closesAt ?? simulado.closesAt, now)
      : {};
  const questions = input.questions ? await pickQuestions(db, viewer, input.questions) : undefined;
  await db.transaction(async (tx) => {
    const updated = await updateDraft(tx, simulado.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.durationMinutes !== undefined ? { durationMinutes: input.durationMinutes } : {}),
      ...(input.showRanking !== undefined ? { showRanking: input.showRanking } : {}),
      ...window,
      updatedAt: now,
    });
    // Published in the meantime: its questions are fixed now.
    if (updated.length === 0) throw conflict(M.publishedLocked, SimuladoErrorCode.published);
    if (questions) await replaceQuestions(tx, simulado.id, questions);
  });
  return getSimulado(ctx, viewer, simulado.id);
}

/** `POST /api/simulados/{id}/publish`: members see it from now on; its questions no longer change. */
export async function publishSimulado(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoDetail> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  assertManages(access);
  const { simulado } = access;
  if (simulado.status !== 'draft') throw conflict(M.alreadyPublished, SimuladoErrorCode.published);
  const questionCount = (await countQuestions(db, [simulado.id])).get(simulado.id) ?? 0;
  if (questionCount < SIMULADO_QUESTIONS_MIN)
    throw conflict(M.tooFewToPublish, SimuladoErrorCode.notPublishable);
  const now = ctx.clock();
  if (simulado.closesAt <= now) throw conflict(M.closedBeforePublish, SimuladoErrorCode.notPublishable);
  await ctx.events.transaction(async (tx) => {
    const published = await publishDraft(tx, simulado.id, now);
    if (published.length === 0) throw conflict(M.alreadyPublished, SimuladoErrorCode.published);
    // Issue 36: the group's current members hear of it (notifications subscribes).
    const group = groupOf(access);
    const members = await listCurrentMembers(tx, group.id, simulado.id, now);
    await ctx.events.emit(tx, 'simulado.published', {
      simuladoId: simulado.id,
      groupId: group.id,
      groupName: group.name,
      title: simulado.title,
      publishedBy: viewer.id,
      closesAt: simulado.closesAt.toISOString(),
      audience: members.map((member) => member.userId).filter((userId) => userId !== viewer.id),
    });
  });
  return getSimulado(ctx, viewer, simulado.id);
}

/**
 * The sweep's second part (issue 36): each published simulado whose window closed is claimed once,
 * and its participants and creator are told the results are out (notifications subscribes).
 */
export async function announceClosedSimulados(ctx: AppContext, limit = 50): Promise<number> {
  const now = ctx.clock();
  return ctx.events.transaction(async (tx) => {
    const claimed = await claimClosedUnannounced(tx, now, limit);
    for (const simulado of claimed) {
      if (simulado.groupId === null) continue;
      await ctx.events.emit(tx, 'simulado.resultsReleased', {
        simuladoId: simulado.id,
        groupId: simulado.groupId,
        title: simulado.title,
        createdBy: simulado.createdBy,
        participantIds: await participantIds(tx, simulado.id),
      });
    }
    return claimed.length;
  });
}

/** `GET /api/study-groups/{id}/simulados`: newest window first; drafts only for its organizers. */
export async function listGroupSimulados(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  page: PageQuery,
): Promise<SimuladoPage> {
  const { db } = ctx.database;
  const access = await groupSimuladoAccess(db, groupId, viewer);
  const rows = await listGroupSimuladoRows(db, access.group.id, access.canManage, page);
  return simuladoPage(ctx, viewer, rows, page, access.canManage);
}

/**
 * The viewer's own simulados ('Monte seu simulado', issue 36), the latest first, each with their
 * attempt: only their creator ever sees one, so there is nobody else to ask about.
 */
export async function listPersonalSimulados(
  ctx: AppContext,
  viewer: SessionUser,
  page: PageQuery,
): Promise<SimuladoPage> {
  const rows = await listPersonalSimuladoRows(ctx.database.db, viewer.id, page);
  return simuladoPage(ctx, viewer, rows, page, false);
}

/** A page of simulados as a list shows them: counts, the live figure and the viewer's attempt. */
async function simuladoPage(
  ctx: AppContext,
  viewer: SessionUser,
  rows: SimuladoWithCreator[],
  page: PageQuery,
  canManage: boolean,
): Promise<SimuladoPage> {
  const { db } = ctx.database;
  const shown = rows.slice(0, page.limit);
  const ids = shown.map((row) => row.simulado.id);
  const now = ctx.clock();
  const [questionCounts, inProgress, attempts] = await Promise.all([
    countQuestions(db, ids),
    countInProgress(db, ids, now),
    findAttempts(db, ids, viewer.id),
  ]);
  return {
    data: shown.map((row) =>
      toSimulado(
        row,
        {
          questionCount: questionCounts.get(row.simulado.id) ?? 0,
          inProgress: inProgress.get(row.simulado.id) ?? 0,
          canManage,
          attempt: attempts.get(row.simulado.id) ?? null,
        },
        now,
      ),
    ),
    hasMore: rows.length > page.limit,
  };
}

/**
 * Which questions the viewer sees, and with which keys: a taker from the start of their attempt (keys
 * once it is over); an organizer not taking it, each key as the bank would show it to them (their own
 * questions, or ones they answered: decision 003); anyone else, none yet.
 */
async function questionsFor(
  ctx: AppContext,
  viewer: SessionUser,
  access: SimuladoAccess,
  ended: boolean | null,
) {
  const { db } = ctx.database;
  if (ended === null && !access.canManage) return null;
  const rows = await listQuestions(db, access.simulado.id);
  const images = await questionImagesOf(
    db,
    ctx.config.publicUrl,
    imageViewer(viewer, ctx.clock()),
    rows.map((row) => row.question),
  );
  if (ended !== null) return rows.map((row) => toSimuladoQuestion(row, ended, images));
  const bank = await findVisibleQuestions(db, viewer.id, rows);
  const revealed = new Set(
    bank
      .filter((question) => question.viewerAnswered || question.authorId === viewer.id)
      .map((question) => `${question.postId}:${question.questionIndex}`),
  );
  return rows.map((row) =>
    toSimuladoQuestion(row, revealed.has(`${row.postId}:${row.questionIndex}`), images),
  );
}

/** `GET /api/simulados/{id}`: the simulado, its questions as the viewer may see them, their attempt. */
export async function getSimulado(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoDetail> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  const id = access.simulado.id;
  const attempt = await finalizeIfEnded(ctx, await findAttempt(db, id, viewer.id));
  const now = ctx.clock();
  const [row, questionCount, inProgress] = await Promise.all([
    findSimuladoRow(db, id),
    countQuestions(db, [id]),
    countInProgress(db, [id], now),
  ]);
  if (!row) throw new Error('simulado vanished');
  const total = questionCount.get(id) ?? 0;
  const { viewerAttempt: _summary, ...shape } = toSimulado(
    row,
    { questionCount: total, inProgress: inProgress.get(id) ?? 0, canManage: access.canManage, attempt },
    now,
  );
  return {
    ...shape,
    serverNow: now.toISOString(),
    readsClassResults: readsClassResults(access, viewer),
    questions: await questionsFor(ctx, viewer, access, attempt ? attemptEnded(attempt, now) : null),
    attempt: attempt ? toAttempt(attempt, await listAnswers(db, attempt.id), total, now) : null,
  };
}
