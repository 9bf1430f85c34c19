import {
  SIMULADO_CLOCK_SKEW_SECONDS,
  SIMULADO_MESSAGES,
  type SimuladoAnswerInput,
  type SimuladoAnswerResult,
  SimuladoErrorCode,
} from '@estudai/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { simuladoAnswerLog, simuladoAttempts, simuladoQuestions } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { publishProgress } from './simulados.live.ts';
import { attemptEnded } from './simulados.present.ts';

const M = SIMULADO_MESSAGES;

interface SaveRow {
  /** The attempt is running (found, not handed in, time left) and was locked. */
  open: number;
  /** …and the question, the option and the time are valid for it. */
  valid: number;
  /** …and this clientId was new. */
  logged: number;
  added: boolean | null;
  saved_option: number | null;
  saved_answered_at: Date | string | null;
  current_option: number | null;
  current_answered_at: Date | string | null;
  answered_before: number | null;
  answered_after: number | null;
  ends_at: Date | string | null;
  owner_id: string;
  created_by: string;
  total: number;
}

const iso = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());

/**
 * The whole write in one statement (one round trip, 250 of them a second in a live simulado): lock the
 * running attempt, check the question, the option and the time, log the clientId, keep the choice if
 * it is the latest by answeredAt, count a newly answered question. Rows of the CTEs say what happened.
 */
function saveStatement(
  simuladoId: string,
  userId: string,
  index: number,
  input: SimuladoAnswerInput,
  now: Date,
) {
  const at = input.answeredAt ? new Date(input.answeredAt).toISOString() : now.toISOString();
  const nowIso = now.toISOString();
  return sql`
    with locked as (
      select id, started_at, ends_at, answered_count from simulado_attempts
      where simulado_id = ${simuladoId}::uuid and user_id = ${userId}::uuid and submitted_at is null
        and finalized_at is null and ends_at > ${nowIso}::timestamptz
      for update
    ), question as (
      select correct_answer from simulado_questions
      where simulado_id = ${simuladoId}::uuid and position = ${index}::int
        and ${input.optionIndex}::int < jsonb_array_length(question->'options')
    ), choice as (
      select l.id as attempt_id, q.correct_answer,
        greatest(l.started_at, least(l.ends_at, ${at}::timestamptz)) as answered_at
      from locked l, question q
      where ${at}::timestamptz between l.started_at - make_interval(secs => ${SIMULADO_CLOCK_SKEW_SECONDS}::int)
        and l.ends_at + make_interval(secs => ${SIMULADO_CLOCK_SKEW_SECONDS}::int)
    ), logged as (
      insert into simulado_answer_log (attempt_id, client_id, position, option_index, answered_at, received_at)
      select attempt_id, ${input.clientId}::uuid, ${index}::int, ${input.optionIndex}::smallint, answered_at, ${nowIso}::timestamptz
      from choice
      on conflict do nothing
      returning attempt_id
    ), saved as (
      insert into simulado_answers (attempt_id, position, option_index, is_correct, client_id, answered_at, saved_at)
      select c.attempt_id, ${index}::int, ${input.optionIndex}::smallint, ${input.optionIndex}::int = c.correct_answer,
        ${input.clientId}::uuid, c.answered_at, ${nowIso}::timestamptz
      from choice c join logged on logged.attempt_id = c.attempt_id
      on conflict (attempt_id, position) do update set
        option_index = excluded.option_index, is_correct = excluded.is_correct, client_id = excluded.client_id,
        answered_at = excluded.answered_at, saved_at = excluded.saved_at
      where simulado_answers.answered_at <= excluded.answered_at
      returning option_index, answered_at, (xmax = 0) as added
    ), counted as (
      update simulado_attempts set answered_count = answered_count + 1
      where id in (select id from locked) and exists (select 1 from saved where added)
      returning answered_count
    )
    select
      (select count(*) from locked)::int as open,
      (select count(*) from choice)::int as valid,
      (select count(*) from logged)::int as logged,
      saved.added, saved.option_index as saved_option, saved.answered_at as saved_answered_at,
      current.option_index as current_option, current.answered_at as current_answered_at,
      (select answered_count from locked) as answered_before,
      (select answered_count from counted) as answered_after,
      (select ends_at from locked) as ends_at,
      g.owner_id, s.created_by,
      (select count(*) from simulado_questions where simulado_id = s.id)::int as total
    from simulados s
    join study_groups g on g.id = s.study_group_id
    left join saved on true
    left join simulado_answers current
      on current.attempt_id = (select id from locked) and current.position = ${index}::int
    where s.id = ${simuladoId}::uuid`;
}

/** Why nothing was written, in the order a person can fix it: no attempt, no question, bad option, time over. */
async function refusal(
  db: Tx,
  simuladoId: string,
  userId: string,
  index: number,
  optionIndex: number,
  now: Date,
) {
  const [attempt] = await db
    .select()
    .from(simuladoAttempts)
    .where(and(eq(simuladoAttempts.simuladoId, simuladoId), eq(simuladoAttempts.userId, userId)));
  if (!attempt) return notFound(M.attemptNotFound);
  const [question] = await db
    .select({ options: sql<number>`jsonb_array_length(${simuladoQuestions.question}->'options')` })
    .from(simuladoQuestions)
    .where(and(eq(simuladoQuestions.simuladoId, simuladoId), eq(simuladoQuestions.position, index)));
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
  const [row] = rowsOf<SaveRow>(await db.execute(saveStatement(simuladoId, viewer.id, index, input, now)));
  if (!row?.open || !row.valid) throw await refusal(db, simuladoId, viewer.id, index, input.optionIndex, now);
  if (!row.logged) {
    // Sent again: nothing changes. The same clientId for another question is a client bug: say so.
    const [previous] = await db
      .select({ position: simuladoAnswerLog.position })
      .from(simuladoAnswerLog)
      .innerJoin(simuladoAttempts, eq(simuladoAttempts.id, simuladoAnswerLog.attemptId))
      .where(
        and(
          eq(simuladoAttempts.simuladoId, simuladoId),
          eq(simuladoAttempts.userId, viewer.id),
          eq(simuladoAnswerLog.clientId, input.clientId),
        ),
      );
    if (previous && previous.position !== index) throw conflict(M.clientIdTaken);
  }
  const applied = row.saved_option !== null;
  const answeredCount = Number(row.answered_after ?? row.answered_before ?? 0);
  if (row.added) {
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
