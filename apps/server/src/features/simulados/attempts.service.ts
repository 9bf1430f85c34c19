import {
  GROUP_MESSAGES,
  SIMULADO_MESSAGES,
  type SimuladoAttempt,
  SimuladoErrorCode,
} from '@estudai/contract';
import { simuladoAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { recordFirstAnswers } from '../posts/index.ts';
import { existingQuestionKeys } from '../study/index.ts';
import {
  claimFinalization,
  findAttemptById,
  findProgressFacts,
  insertAttempt,
  listAnsweredQuestions,
  listEndedOpenAttempts,
  listSimuladoPostIds,
  markSubmitted,
} from './attempts.queries.ts';
import { publishLiveCount, publishProgress } from './simulados.live.ts';
import { attemptEnded, toAttempt } from './simulados.present.ts';
import { type AttemptRow, countQuestions, findAttempt, listAnswers } from './simulados.queries.ts';

const M = SIMULADO_MESSAGES;

/** `POST /api/simulados/{id}/attempts`: the viewer's one attempt, inside the window; the server's clock starts it. */
export async function startAttempt(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoAttempt> {
  const { db } = ctx.database;
  const { simulado, group, isMember } = await simuladoAccess(db, simuladoId, viewer);
  if (simulado.status !== 'published') throw conflict(M.notPublished, SimuladoErrorCode.windowClosed);
  if (!isMember) throw forbidden(GROUP_MESSAGES.membersOnly);
  const now = ctx.clock();
  if (now < simulado.opensAt) throw conflict(M.notOpenYet, SimuladoErrorCode.windowClosed);
  if (now >= simulado.closesAt) throw conflict(M.windowClosed, SimuladoErrorCode.windowClosed);
  const byDuration = new Date(now.getTime() + simulado.durationMinutes * 60_000);
  const attempt = await insertAttempt(db, {
    simuladoId: simulado.id,
    userId: viewer.id,
    startedAt: now,
    endsAt: byDuration < simulado.closesAt ? byDuration : simulado.closesAt,
  });
  if (!attempt) throw conflict(M.attemptExists, SimuladoErrorCode.attemptExists);
  const total = (await countQuestions(db, [simulado.id])).get(simulado.id) ?? 0;
  await publishLiveCount(ctx, simulado.id);
  // A student's own simulado (no group) has nobody following its progress.
  if (group)
    publishProgress(
      ctx,
      { ownerId: group.ownerId, createdBy: simulado.createdBy },
      {
        simuladoId: simulado.id,
        userId: viewer.id,
        displayName: viewer.displayName,
        answered: 0,
        total,
        finished: false,
      },
    );
  return toAttempt(attempt, [], total, now);
}

/** The viewer's attempt at a simulado they may see; 404 when they have none. */
async function requireAttempt(ctx: AppContext, viewer: SessionUser, simuladoId: string): Promise<AttemptRow> {
  const { simulado } = await simuladoAccess(ctx.database.db, simuladoId, viewer);
  const attempt = await findAttempt(ctx.database.db, simulado.id, viewer.id);
  if (!attempt) throw notFound(M.attemptNotFound);
  return attempt;
}

/** `GET /api/simulados/{id}/attempts/me`: the clock and the saved answers (an attempt whose time ran out is closed here). */
export async function getMyAttempt(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoAttempt> {
  const attempt = await finalizeIfEnded(ctx, await requireAttempt(ctx, viewer, simuladoId));
  return attemptState(ctx, attempt);
}

async function attemptState(ctx: AppContext, attempt: AttemptRow): Promise<SimuladoAttempt> {
  const { db } = ctx.database;
  const [answers, counts] = await Promise.all([
    listAnswers(db, attempt.id),
    countQuestions(db, [attempt.simuladoId]),
  ]);
  return toAttempt(attempt, answers, counts.get(attempt.simuladoId) ?? 0, ctx.clock());
}

/** `POST /api/simulados/{id}/attempts/me/submit`: hands in early; once over, it answers the finished attempt again. */
export async function submitAttempt(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoAttempt> {
  const attempt = await requireAttempt(ctx, viewer, simuladoId);
  const now = ctx.clock();
  if (!attemptEnded(attempt, now)) await markSubmitted(ctx.database.db, attempt.id, now);
  await finalizeAttempt(ctx, attempt.id);
  const current = await findAttemptById(ctx.database.db, attempt.id);
  return attemptState(ctx, current ?? attempt);
}

/**
 * Closes an attempt that is over, once, whoever gets here first (a read, the hand-in, the periodic
 * job): its answers become the user's first answers where they have none, and its wrong answers go
 * to the caderno. Questions deleted since are left out. Answers whether this call closed it.
 */
async function finalizeInTx(
  ctx: AppContext,
  tx: Tx,
  attemptId: string,
  now: Date,
): Promise<AttemptRow | null> {
  const claimed = await claimFinalization(tx, attemptId, now);
  if (!claimed) return null;
  const answers = await listAnsweredQuestions(tx, attemptId, claimed.simuladoId);
  const existing = await existingQuestionKeys(tx, answers);
  const kept = answers.filter((answer) => existing.has(`${answer.postId}:${answer.questionIndex}`));
  await recordFirstAnswers(tx, claimed.userId, kept);
  await ctx.events.emit(tx, 'question.answered', {
    userId: claimed.userId,
    answers: kept.map(({ postId, questionIndex, isCorrect }) => ({ postId, questionIndex, isCorrect })),
    at: now.toISOString(),
    source: 'simulado',
  });
  return claimed;
}

/** Closes one attempt if it is over and nobody did yet; then tells the watchers and the organizers. */
export async function finalizeAttempt(ctx: AppContext, attemptId: string, options = { live: true }) {
  const now = ctx.clock();
  const closed = await ctx.events.transaction((tx) => finalizeInTx(ctx, tx, attemptId, now));
  if (!closed) return null;
  // New first answers show on feed pages (answered, key revealed): the pages showing them go.
  const questions = await listSimuladoPostIds(ctx.database.db, closed.simuladoId);
  ctx.bus.publish('post.answered', { postIds: questions.map((row) => row.postId), userId: closed.userId });
  const facts = await findProgressFacts(ctx.database.db, closed.simuladoId, closed.userId);
  if (facts) {
    const total = (await countQuestions(ctx.database.db, [closed.simuladoId])).get(closed.simuladoId) ?? 0;
    publishProgress(ctx, facts, {
      simuladoId: closed.simuladoId,
      userId: closed.userId,
      displayName: facts.displayName,
      answered: closed.answeredCount,
      total,
      finished: true,
    });
  }
  if (options.live) await publishLiveCount(ctx, closed.simuladoId);
  return closed;
}

/** The attempt, closed first if its time is over (lazily, on read). */
export async function finalizeIfEnded<T extends AttemptRow | null>(ctx: AppContext, attempt: T): Promise<T> {
  if (!attempt || attempt.finalizedAt || !attemptEnded(attempt, ctx.clock())) return attempt;
  const closed = await finalizeAttempt(ctx, attempt.id);
  if (closed) return closed as T;
  const current = await findAttemptById(ctx.database.db, attempt.id);
  return (current ?? attempt) as T;
}

/**
 * The periodic job (`simulados.finish-expired`): closes up to `limit` attempts whose time ran out
 * without a hand-in, oldest first, and sends each touched simulado's live count once. Several
 * processes may run it at once: each attempt is claimed by one of them. Answers how many it closed.
 */
export async function finishExpiredAttempts(ctx: AppContext, limit = 200): Promise<number> {
  const now = ctx.clock();
  const due = await listEndedOpenAttempts(ctx.database.db, now, limit);
  const touched = new Set<string>();
  let closedCount = 0;
  for (const { id } of due) {
    const closed = await finalizeAttempt(ctx, id, { live: false });
    if (!closed) continue;
    closedCount++;
    touched.add(closed.simuladoId);
  }
  for (const simuladoId of touched) await publishLiveCount(ctx, simuladoId);
  return closedCount;
}
