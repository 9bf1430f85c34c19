import { SIMULADO_CLOCK_SKEW_SECONDS, type SimuladoAnswerInput } from '@estudai/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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
import { rowsOf } from '../../lib/sql-rows.ts';
import { type AttemptRow, attemptEndedSql } from './simulados.queries.ts';

// An attempt's SQL: starting, handing in, closing it, and saving its answers.

/** The viewer's one attempt, unless they have one already (then undefined). */
export async function insertAttempt(db: Tx, values: typeof simuladoAttempts.$inferInsert) {
  const [attempt] = await db.insert(simuladoAttempts).values(values).onConflictDoNothing().returning();
  return attempt;
}

export async function findAttemptById(db: Tx, attemptId: string): Promise<AttemptRow | undefined> {
  const [current] = await db.select().from(simuladoAttempts).where(eq(simuladoAttempts.id, attemptId));
  return current;
}

/** Hands the attempt in at `now`, unless it was already. */
export async function markSubmitted(db: Tx, attemptId: string, now: Date): Promise<void> {
  await db
    .update(simuladoAttempts)
    .set({ submittedAt: now })
    .where(and(eq(simuladoAttempts.id, attemptId), isNull(simuladoAttempts.submittedAt)));
}

/** Claims the closing of an attempt that is over at `now` and not closed yet: the attempt, or undefined. */
export async function claimFinalization(tx: Tx, attemptId: string, now: Date) {
  const [claimed] = await tx
    .update(simuladoAttempts)
    .set({ finalizedAt: now })
    .where(
      and(eq(simuladoAttempts.id, attemptId), isNull(simuladoAttempts.finalizedAt), attemptEndedSql(now)),
    )
    .returning();
  return claimed;
}

/** The attempt's answers with the questions they answer, in order. */
export function listAnsweredQuestions(tx: Tx, attemptId: string, simuladoId: string) {
  return tx
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
        eq(simuladoQuestions.simuladoId, simuladoId),
        eq(simuladoQuestions.position, simuladoAnswers.position),
      ),
    )
    .where(eq(simuladoAnswers.attemptId, attemptId))
    .orderBy(asc(simuladoAnswers.position));
}

/** The posts the simulado's questions come from, each once. */
export function listSimuladoPostIds(db: Tx, simuladoId: string) {
  return db
    .selectDistinct({ postId: simuladoQuestions.postId })
    .from(simuladoQuestions)
    .where(eq(simuladoQuestions.simuladoId, simuladoId));
}

/** What the organizers' live progress needs: the taker's name, the creator and the group's owner. */
export async function findProgressFacts(db: Tx, simuladoId: string, userId: string) {
  const [facts] = await db
    .select({ displayName: users.displayName, createdBy: simulados.createdBy, ownerId: studyGroups.ownerId })
    .from(simulados)
    .innerJoin(studyGroups, eq(studyGroups.id, simulados.studyGroupId))
    .innerJoin(users, eq(users.id, userId))
    .where(eq(simulados.id, simuladoId));
  return facts;
}

/** Up to `limit` attempts over at `now` and not closed, oldest end first. */
export function listEndedOpenAttempts(db: Tx, now: Date, limit: number) {
  return db
    .select({ id: simuladoAttempts.id })
    .from(simuladoAttempts)
    .where(and(isNull(simuladoAttempts.finalizedAt), attemptEndedSql(now)))
    .orderBy(asc(simuladoAttempts.endsAt))
    .limit(limit);
}

export interface SaveRow {
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
  /** null for a student's own simulado (no group). */
  owner_id: string | null;
  created_by: string;
  total: number;
}

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
    -- A student's own simulado (issue 36) has no group: no owner to tell of the progress.
    left join study_groups g on g.id = s.study_group_id
    left join saved on true
    left join simulado_answers current
      on current.attempt_id = (select id from locked) and current.position = ${index}::int
    where s.id = ${simuladoId}::uuid`;
}

/** Runs `saveStatement`: its one row. */
export async function saveAnswerRow(
  db: Tx,
  simuladoId: string,
  userId: string,
  index: number,
  input: SimuladoAnswerInput,
  now: Date,
): Promise<SaveRow | undefined> {
  const [row] = rowsOf<SaveRow>(await db.execute(saveStatement(simuladoId, userId, index, input, now)));
  return row;
}

/** The user's attempt at the simulado, if any. */
export async function findAttemptOf(db: Tx, simuladoId: string, userId: string) {
  const [attempt] = await db
    .select()
    .from(simuladoAttempts)
    .where(and(eq(simuladoAttempts.simuladoId, simuladoId), eq(simuladoAttempts.userId, userId)));
  return attempt;
}

/** How many options the simulado's question at `index` has, if there is one. */
export async function findQuestionOptionCount(db: Tx, simuladoId: string, index: number) {
  const [question] = await db
    .select({ options: sql<number>`jsonb_array_length(${simuladoQuestions.question}->'options')` })
    .from(simuladoQuestions)
    .where(and(eq(simuladoQuestions.simuladoId, simuladoId), eq(simuladoQuestions.position, index)));
  return question;
}

/** Where an answer with this `clientId` was logged in the user's attempt at the simulado. */
export async function findLoggedAnswer(db: Tx, simuladoId: string, userId: string, clientId: string) {
  const [previous] = await db
    .select({ position: simuladoAnswerLog.position })
    .from(simuladoAnswerLog)
    .innerJoin(simuladoAttempts, eq(simuladoAttempts.id, simuladoAnswerLog.attemptId))
    .where(
      and(
        eq(simuladoAttempts.simuladoId, simuladoId),
        eq(simuladoAttempts.userId, userId),
        eq(simuladoAnswerLog.clientId, clientId),
      ),
    );
  return previous;
}
