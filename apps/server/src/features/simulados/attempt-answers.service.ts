import {
  SIMULADO_MESSAGES,
  type SimuladoAnswerInput,
  type SimuladoAnswerResult,
  SimuladoErrorCode,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  findAttemptOf,
  findLoggedAnswer,
  findQuestionOptionCount,
  saveAnswerRow,
} from './attempts.queries.ts';
import { publishProgress } from './simulados.live.ts';
import { attemptEnded } from './simulados.present.ts';

const M = SIMULADO_MESSAGES;

const iso = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());

/** Why nothing was written, in the order a person can fix it: no attempt, no question, bad option, time over. */
async function refusal(
  db: Tx,
  simuladoId: string,
  userId: string,
  index: number,
  optionIndex: number,
  now: Date,
) {
  const attempt = await findAttemptOf(db, simuladoId, userId);
  if (!attempt) return notFound(M.attemptNotFound);
  const question = await findQuestionOptionCount(db, simuladoId, index);
  if (!question) return notFound(M.questionNotInSimulado);
  if (optionIndex >= question.options) return badRequest(M.optionInvalid);
  if (attemptEnded(attempt, now) || attempt.finalizedAt)
    return conflict(M.attemptEnded, SimuladoErrorCode.attemptEnded);
  return badRequest(M.answeredAtInvalid);
}

/**
 * `PUT /api/simulados/{id}/attempts/me/answers/{index}`: saves a choice while the attempt runs
 * (decision 017). A `clientId` already received changes nothing; otherwise the choice with the latest
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
  const row = await saveAnswerRow(db, simuladoId, viewer.id, index, input, now);
  if (!row?.open || !row.valid) throw await refusal(db, simuladoId, viewer.id, index, input.optionIndex, now);
  if (!row.logged) {
    // Sent again: nothing changes. The same clientId for another question is a client bug: say so.
    const previous = await findLoggedAnswer(db, simuladoId, viewer.id, input.clientId);
    if (previous && previous.position !== index) throw conflict(M.clientIdTaken);
  }
  const applied = row.saved_option !== null;
  const answeredCount = Number(row.answered_after ?? row.answered_before ?? 0);
  // A student's own simulado (no group owner) has nobody following its progress.
  if (row.added && row.owner_id !== null) {
    publishProgress(
      ctx,
      { ownerId: row.owner_id, createdBy: row.created_by },
      {
        simuladoId,
        userId: viewer.id,
        displayName: viewer.displayName,
        answered: answeredCount,
        total: Number(row.total),
        finished: false,
      },
    );
  }
  return {
    index,
    optionIndex: Number(applied ? row.saved_option : row.current_option),
    answeredAt: iso(applied ? row.saved_answered_at : row.current_answered_at),
    applied,
    answeredCount,
    endsAt: iso(row.ends_at),
    serverNow: now.toISOString(),
  };
}
