import {
  GROUP_MESSAGES,
  SIMULADO_CLOCK_SKEW_SECONDS,
  SIMULADO_MESSAGES,
  type SimuladoAnswerInput,
  type SimuladoAnswerResult,
  type SimuladoAttempt,
  SimuladoErrorCode,
} from '@estudai/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  simuladoAnswerLog,
  simuladoAnswers,
  simuladoAttempts,
  simuladoQuestions,
  simulados,
  studyGroups,
  users,
} from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { recordFirstAnswers } from '../posts/answers.service.ts';
import { recordWrongAnswers } from '../study/notebook.service.ts';
import { existingQuestionKeys } from '../study/questions.service.ts';
import { simuladoAccess } from './simulado-access.ts';
import { publishLiveCount, publishProgress } from './simulados.live.ts';
import { attemptEnded, toAttempt } from './simulados.present.ts';
import {
  type AttemptRow,
  attemptEndedSql,
  countQuestions,
  findAttempt,
  listAnswers,
} from './simulados.queries.ts';

const M = SIMULADO_MESSAGES;
const SKEW_MS = SIMULADO_CLOCK_SKEW_SECONDS * 1000;

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
  const [attempt] = await db
    .insert(simuladoAttempts)
    .values({
      simuladoId: simulado.id,
      userId: viewer.id,
      startedAt: now,
      endsAt: byDuration < simulado.closesAt ? byDuration : simulado.closesAt,
    })
    .onConflictDoNothing()
    .returning();
  if (!attempt) throw conflict(M.attemptExists, SimuladoErrorCode.attemptExists);
  const total = (await countQuestions(db, [simulado.id])).get(simulado.id) ?? 0;
  await publishLiveCount(ctx, simulado.id);
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
  if (!attemptEnded(attempt, now)) {
    await ctx.database.db
      .update(simuladoAttempts)
      .set({ submittedAt: now })
      .where(and(eq(simuladoAttempts.id, attempt.id), isNull(simuladoAttempts.submittedAt)));
  }
  await finalizeAttempt(ctx, attempt.id);
  const [current] = await ctx.database.db
    .select()
    .from(simuladoAttempts)
    .where(eq(simuladoAttempts.id, attempt.id));
  return attemptState(ctx, current ?? attempt);
}

/** The time of a choice: the device's, if it falls within the attempt (with some clock skew), kept inside it. */
function answeredAtOf(input: SimuladoAnswerInput, attempt: AttemptRow, now: Date): Date {
  const startMs = attempt.startedAt.getTime();
  const endMs = attempt.endsAt.getTime();
  const at = input.answeredAt ? new Date(input.answeredAt).getTime() : now.getTime();
  if (at < startMs - SKEW_MS || at > endMs + SKEW_MS) throw badRequest(M.answeredAtInvalid);
  return new Date(Math.min(endMs, Math.max(startMs, at)));
}

/** The attempt, the question at `index` (null when there is none) and who organizes the simulado. */
async function findAnswerTarget(db: Tx, simuladoId: string, userId: string, index: number) {
  const [row] = await db
    .select({
      attempt: simuladoAttempts,
      correctAnswer: simuladoQuestions.correctAnswer,
      optionCount: sql<number | null>`jsonb_array_length(${simuladoQuestions.question}->'options')`,
      createdBy: simulados.createdBy,
      ownerId: studyGroups.ownerId,
    })
    .from(simuladoAttempts)
    .innerJoin(simulados, eq(simulados.id, simuladoAttempts.simuladoId))
    .innerJoin(studyGroups, eq(studyGroups.id, simulados.studyGroupId))
    .leftJoin(
      simuladoQuestions,
      and(
        eq(simuladoQuestions.simuladoId, simuladoAttempts.simuladoId),
        eq(simuladoQuestions.position, index),
      ),
    )
    .where(and(eq(simuladoAttempts.simuladoId, simuladoId), eq(simuladoAttempts.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * `PUT /api/simulados/{id}/attempts/me/answers/{index}`: saves a choice while the attempt runs
 * (decision 015). A `clientId` already received changes nothing; otherwise the choice with the latest
 * `answeredAt` is the one kept, so an offline queue synced late cannot undo a newer choice.
 */
export async function saveAnswer(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
  index: number,
  input: SimuladoAnswerInput,
): Promise<SimuladoAnswerResult> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const target = await findAnswerTarget(db, simuladoId, viewer.id, index);
  if (!target) throw notFound(M.attemptNotFound);
  const { attempt } = target;
  if (target.correctAnswer === null) throw notFound(M.questionNotInSimulado);
  if (input.optionIndex >= (target.optionCount ?? 0)) throw badRequest(M.optionInvalid);
  if (attemptEnded(attempt, now)) throw conflict(M.attemptEnded, SimuladoErrorCode.attemptEnded);
  const answeredAt = answeredAtOf(input, attempt, now);
  const outcome = await db.transaction(async (tx) => {
    // The attempt's row, locked: a hand-in or the closing job waits for this answer, or it for them.
    const [locked] = await tx
      .select()
      .from(simuladoAttempts)
      .where(eq(simuladoAttempts.id, attempt.id))
      .for('update');
    if (!locked || attemptEnded(locked, now)) throw conflict(M.attemptEnded, SimuladoErrorCode.attemptEnded);
    const [logged] = await tx
      .insert(simuladoAnswerLog)
      .values({
        attemptId: attempt.id,
        clientId: input.clientId,
        position: index,
        optionIndex: input.optionIndex,
        answeredAt,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ position: simuladoAnswerLog.position });
    if (!logged) {
      // Sent again: nothing changes. The same clientId for another question is a client bug: say so.
      const [previous] = await tx
        .select({ position: simuladoAnswerLog.position })
        .from(simuladoAnswerLog)
        .where(
          and(eq(simuladoAnswerLog.attemptId, attempt.id), eq(simuladoAnswerLog.clientId, input.clientId)),
        );
      if (previous && previous.position !== index) throw conflict(M.clientIdTaken);
      return { applied: false, added: false, answeredCount: locked.answeredCount };
    }
    const [saved] = await tx
      .insert(simuladoAnswers)
      .values({
        attemptId: attempt.id,
        position: index,
        optionIndex: input.optionIndex,
        isCorrect: input.optionIndex === target.correctAnswer,
        clientId: input.clientId,
        answeredAt,
        savedAt: now,
      })
      .onConflictDoUpdate({
        target: [simuladoAnswers.attemptId, simuladoAnswers.position],
        set: {
          optionIndex: sql`excluded.option_index`,
          isCorrect: sql`excluded.is_correct`,
          clientId: sql`excluded.client_id`,
          answeredAt: sql`excluded.answered_at`,
          savedAt: sql`excluded.saved_at`,
        },
        setWhere: sql`${simuladoAnswers.answeredAt} <= excluded.answered_at`,
      })
      .returning({ added: sql<boolean>`(xmax = 0)` });
    if (!saved) return { applied: false, added: false, answeredCount: locked.answeredCount };
    if (!saved.added) return { applied: true, added: false, answeredCount: locked.answeredCount };
    const [counted] = await tx
      .update(simuladoAttempts)
      .set({ answeredCount: sql`${simuladoAttempts.answeredCount} + 1` })
      .where(eq(simuladoAttempts.id, attempt.id))
      .returning({ answeredCount: simuladoAttempts.answeredCount });
    return { applied: true, added: true, answeredCount: counted?.answeredCount ?? locked.answeredCount + 1 };
  });
  const [stored] = await db
    .select()
    .from(simuladoAnswers)
    .where(and(eq(simuladoAnswers.attemptId, attempt.id), eq(simuladoAnswers.position, index)));
  if (!stored) throw new Error('answer not stored');
  if (outcome.added) {
    const total = (await countQuestions(db, [attempt.simuladoId])).get(attempt.simuladoId) ?? 0;
    publishProgress(ctx, target, {
      simuladoId: attempt.simuladoId,
      userId: viewer.id,
      displayName: viewer.displayName,
      answered: outcome.answeredCount,
      total,
      finished: false,
    });
  }
  return {
    index,
    optionIndex: stored.optionIndex,
    answeredAt: stored.answeredAt.toISOString(),
    applied: outcome.applied,
    answeredCount: outcome.answeredCount,
    endsAt: attempt.endsAt.toISOString(),
    serverNow: now.toISOString(),
  };
}

/**
 * Closes an attempt that is over, once, whoever gets here first (a read, the hand-in, the periodic
 * job): its answers become the user's first answers where they have none, and its wrong answers go
 * to the caderno. Questions deleted since are left out. Answers whether this call closed it.
 */
async function finalizeInTx(tx: Tx, attemptId: string, now: Date): Promise<AttemptRow | null> {
  const [claimed] = await tx
    .update(simuladoAttempts)
    .set({ finalizedAt: now })
    .where(
      and(eq(simuladoAttempts.id, attemptId), isNull(simuladoAttempts.finalizedAt), attemptEndedSql(now)),
    )
    .returning();
  if (!claimed) return null;
  const answers = await tx
    .select({
      postId: simuladoQuestions.postId,
      questionIndex: simuladoQuestions.questionIndex,
      optionIndex: simuladoAnswers.optionIndex,
      isCorrect: simuladoAnswers.isCorrect,
      answeredAt: simuladoAnswers.answeredAt,
    })
    .from(simuladoAnswers)
    .innerJoin(
      simuladoQuestions,
      and(
        eq(simuladoQuestions.simuladoId, claimed.simuladoId),
        eq(simuladoQuestions.position, simuladoAnswers.position),
      ),
    )
    .where(eq(simuladoAnswers.attemptId, attemptId))
    .orderBy(asc(simuladoAnswers.position));
  const existing = await existingQuestionKeys(tx, answers);
  const kept = answers.filter((answer) => existing.has(`${answer.postId}:${answer.questionIndex}`));
  await recordFirstAnswers(tx, claimed.userId, kept);
  await recordWrongAnswers(
    tx,
    claimed.userId,
    kept
      .filter((answer) => !answer.isCorrect)
      .map(({ postId, questionIndex }) => ({ postId, questionIndex })),
    now,
  );
  return claimed;
}

/** Closes one attempt if it is over and nobody did yet; then tells the watchers and the organizers. */
async function finalizeAttempt(ctx: AppContext, attemptId: string, options = { live: true }) {
  const now = ctx.clock();
  const closed = await ctx.database.db.transaction((tx) => finalizeInTx(tx, attemptId, now));
  if (!closed) return null;
  const [facts] = await ctx.database.db
    .select({ displayName: users.displayName, createdBy: simulados.createdBy, ownerId: studyGroups.ownerId })
    .from(simulados)
    .innerJoin(studyGroups, eq(studyGroups.id, simulados.studyGroupId))
    .innerJoin(users, eq(users.id, closed.userId))
    .where(eq(simulados.id, closed.simuladoId));
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
  const [current] = await ctx.database.db
    .select()
    .from(simuladoAttempts)
    .where(eq(simuladoAttempts.id, attempt.id));
  return (current ?? attempt) as T;
}

/**
 * The periodic job (`simulados.finish-expired`): closes up to `limit` attempts whose time ran out
 * without a hand-in, oldest first, and sends each touched simulado's live count once. Several
 * processes may run it at once: each attempt is claimed by one of them. Answers how many it closed.
 */
export async function finishExpiredAttempts(ctx: AppContext, limit = 200): Promise<number> {
  const now = ctx.clock();
  const due = await ctx.database.db
    .select({ id: simuladoAttempts.id })
    .from(simuladoAttempts)
    .where(and(isNull(simuladoAttempts.finalizedAt), attemptEndedSql(now)))
    .orderBy(asc(simuladoAttempts.endsAt))
    .limit(limit);
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
