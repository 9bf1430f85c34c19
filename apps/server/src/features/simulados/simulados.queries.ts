import type { PageQuery } from '@estudai/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  questionCalibrations,
  questionItems,
  simuladoAnswers,
  simuladoAttempts,
  simuladoQuestions,
  simulados,
  users,
} from '../../db/schema/index.ts';

// The simulados' SQL: the simulados, their questions and the reads that several calls share.

export type AttemptRow = typeof simuladoAttempts.$inferSelect;
export type QuestionRow = typeof simuladoQuestions.$inferSelect;
export type AnswerRow = typeof simuladoAnswers.$inferSelect;

/**
 * SQL: this answer scores as right — right by its key, or to a question since anulada (issue 40),
 * which counts as right for everyone who answered it. `simuladoId` is the answer's simulado.
 */
const scoresRight = (simuladoId: SQL) => sql`(${simuladoAnswers.isCorrect} or exists (
  select 1 from ${simuladoQuestions} join ${questionItems}
    on ${questionItems.postId} = ${simuladoQuestions.postId} and ${questionItems.questionIndex} = ${simuladoQuestions.questionIndex}
  where ${simuladoQuestions.simuladoId} = ${simuladoId} and ${simuladoQuestions.position} = ${simuladoAnswers.position}
    and ${questionItems.status} = 'anulada'))`;

/** SQL: the attempt is over at `now` (handed in, or its time ran out). */
export const attemptEndedSql = (now: Date) =>
  or(isNotNull(simuladoAttempts.submittedAt), lte(simuladoAttempts.endsAt, now));

/** 'N pessoas fazendo agora' for each simulado: attempts not handed in whose time is still running. */
export async function countInProgress(
  db: Tx,
  simuladoIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (simuladoIds.length === 0) return new Map();
  const rows = await db
    .select({ simuladoId: simuladoAttempts.simuladoId, n: count() })
    .from(simuladoAttempts)
    .where(
      and(
        inArray(simuladoAttempts.simuladoId, simuladoIds),
        isNull(simuladoAttempts.submittedAt),
        gt(simuladoAttempts.endsAt, now),
      ),
    )
    .groupBy(simuladoAttempts.simuladoId);
  return new Map(rows.map((row) => [row.simuladoId, row.n]));
}

export async function countQuestions(db: Tx, simuladoIds: string[]): Promise<Map<string, number>> {
  if (simuladoIds.length === 0) return new Map();
  const rows = await db
    .select({ simuladoId: simuladoQuestions.simuladoId, n: count() })
    .from(simuladoQuestions)
    .where(inArray(simuladoQuestions.simuladoId, simuladoIds))
    .groupBy(simuladoQuestions.simuladoId);
  return new Map(rows.map((row) => [row.simuladoId, row.n]));
}

export async function findAttempts(db: Tx, simuladoIds: string[], userId: string) {
  if (simuladoIds.length === 0) return new Map<string, AttemptRow>();
  const rows = await db
    .select()
    .from(simuladoAttempts)
    .where(and(inArray(simuladoAttempts.simuladoId, simuladoIds), eq(simuladoAttempts.userId, userId)));
  return new Map(rows.map((row) => [row.simuladoId, row]));
}

export async function findAttempt(db: Tx, simuladoId: string, userId: string): Promise<AttemptRow | null> {
  return (await findAttempts(db, [simuladoId], userId)).get(simuladoId) ?? null;
}

export function listQuestions(db: Tx, simuladoId: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(simuladoQuestions)
    .where(eq(simuladoQuestions.simuladoId, simuladoId))
    .orderBy(asc(simuladoQuestions.position));
}

export function listAnswers(db: Tx, attemptId: string): Promise<AnswerRow[]> {
  return db
    .select()
    .from(simuladoAnswers)
    .where(eq(simuladoAnswers.attemptId, attemptId))
    .orderBy(asc(simuladoAnswers.position));
}

const creatorFields = {
  id: users.id,
  displayName: users.displayName,
  username: users.username,
  avatar: users.avatar,
  userType: users.userType,
  isVerified: users.isVerified,
};

/** Simulados with their creators' public fields. */
function selectSimulados(db: Tx) {
  return db
    .select({ simulado: simulados, creator: creatorFields })
    .from(simulados)
    .innerJoin(users, eq(users.id, simulados.createdBy))
    .$dynamic();
}
export type SimuladoWithCreator = Awaited<ReturnType<ReturnType<typeof selectSimulados>['execute']>>[number];

/** Per question of the simulado, how many of its finished takers got it right, and how many finished. */
export async function groupCorrectCounts(db: Tx, simuladoId: string, now: Date) {
  const finishedWhere = and(eq(simuladoAttempts.simuladoId, simuladoId), attemptEndedSql(now));
  const [finished] = await db.select({ n: count() }).from(simuladoAttempts).where(finishedWhere);
  const rows = await db
    .select({
      position: simuladoAnswers.position,
      correct: sql<number>`count(*) filter (where ${scoresRight(sql`${simuladoId}::uuid`)})`.mapWith(Number),
    })
    .from(simuladoAnswers)
    .innerJoin(simuladoAttempts, eq(simuladoAttempts.id, simuladoAnswers.attemptId))
    .where(finishedWhere)
    .groupBy(simuladoAnswers.position);
  return { finished: finished?.n ?? 0, correct: new Map(rows.map((row) => [row.position, row.correct])) };
}

/** A simulado with its creator. */
export async function findSimuladoRow(db: Tx, simuladoId: string): Promise<SimuladoWithCreator | undefined> {
  const [row] = await selectSimulados(db).where(eq(simulados.id, simuladoId));
  return row;
}

/** A group's simulados (drafts too for its organizers), newest window first, one page and one row more. */
export function listGroupSimuladoRows(db: Tx, groupId: string, withDrafts: boolean, page: PageQuery) {
  return selectSimulados(db)
    .where(
      and(eq(simulados.studyGroupId, groupId), withDrafts ? undefined : eq(simulados.status, 'published')),
    )
    .orderBy(desc(simulados.opensAt), desc(simulados.id))
    .offset((page.page - 1) * page.limit)
    .limit(page.limit + 1);
}

/** A student's own simulados ('Monte seu simulado'), the latest first (index simulados_personal_idx). */
export function listPersonalSimuladoRows(db: Tx, userId: string, page: PageQuery) {
  return selectSimulados(db)
    .where(and(isNull(simulados.studyGroupId), eq(simulados.createdBy, userId)))
    .orderBy(desc(simulados.opensAt), desc(simulados.id))
    .offset((page.page - 1) * page.limit)
    .limit(page.limit + 1);
}

export async function insertSimulado(tx: Tx, values: typeof simulados.$inferInsert) {
  const [row] = await tx.insert(simulados).values(values).returning({ id: simulados.id });
  return row;
}

/** Changes a simulado while it is a draft: the rows changed (none once published). */
export function updateDraft(tx: Tx, simuladoId: string, changes: Partial<typeof simulados.$inferInsert>) {
  return tx
    .update(simulados)
    .set(changes)
    .where(and(eq(simulados.id, simuladoId), eq(simulados.status, 'draft')))
    .returning({ id: simulados.id });
}

/** Publishes a draft at `now`: the rows changed (none if it was published meanwhile). */
export function publishDraft(db: Tx, simuladoId: string, now: Date) {
  return db
    .update(simulados)
    .set({ status: 'published', publishedAt: now, updatedAt: now })
    .where(and(eq(simulados.id, simuladoId), eq(simulados.status, 'draft')))
    .returning({ id: simulados.id });
}

/** A picked question as the simulado keeps it (a copy, at its position). */
export type PickedQuestion = Omit<typeof simuladoQuestions.$inferInsert, 'simuladoId'>;

/** The simulado's questions become these, in order. */
export async function replaceQuestions(tx: Tx, simuladoId: string, rows: PickedQuestion[]): Promise<void> {
  await tx.delete(simuladoQuestions).where(eq(simuladoQuestions.simuladoId, simuladoId));
  if (rows.length) await tx.insert(simuladoQuestions).values(rows.map((row) => ({ simuladoId, ...row })));
}

/** A user's row (a socket's user, to check what they may watch). */
export async function findUserRow(db: Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** Every attempt at the simulado with its taker's name, in the order they started. */
export function listParticipants(db: Tx, simuladoId: string) {
  return db
    .select({ attempt: simuladoAttempts, displayName: users.displayName })
    .from(simuladoAttempts)
    .innerJoin(users, eq(users.id, simuladoAttempts.userId))
    .where(eq(simuladoAttempts.simuladoId, simuladoId))
    .orderBy(asc(simuladoAttempts.startedAt), asc(simuladoAttempts.id));
}

/** The recalibration job's fitted parameters of these questions (those it fitted). */
export function calibrationsOf(db: Tx, refs: { postId: string; questionIndex: number }[]) {
  return db
    .select()
    .from(questionCalibrations)
    .where(
      sql`(${questionCalibrations.postId}, ${questionCalibrations.questionIndex}) in (${sql.join(
        refs.map((ref) => sql`(${ref.postId}::uuid, ${ref.questionIndex}::int)`),
        sql`, `,
      )})`,
    );
}

/** Every attempt of a taker not suspended, with their name and right answers (the ranking's rows). */
export function rankingRows(db: Tx, simuladoId: string) {
  return db
    .select({
      attempt: simuladoAttempts,
      displayName: users.displayName,
      correct:
        sql<number>`count(${simuladoAnswers.position}) filter (where ${scoresRight(sql`${simuladoAttempts.simuladoId}`)})`.mapWith(
          Number,
        ),
    })
    .from(simuladoAttempts)
    .innerJoin(users, and(eq(users.id, simuladoAttempts.userId), isNull(users.suspendedAt)))
    .leftJoin(simuladoAnswers, eq(simuladoAnswers.attemptId, simuladoAttempts.id))
    .where(eq(simuladoAttempts.simuladoId, simuladoId))
    .groupBy(simuladoAttempts.id, users.displayName);
}

/**
 * Issue 40: a bank question's key was corrected. Every simulado holding it takes the new key (its
 * copy of the question too), and every stored answer to it there is graded again; paper guests'
 * sheets are graded from the key at every read, so they follow.
 */
export async function regradeSimuladoQuestion(
  tx: Tx,
  ref: { postId: string; questionIndex: number },
  correctAnswer: number,
): Promise<void> {
  const held = and(
    eq(simuladoQuestions.postId, ref.postId),
    eq(simuladoQuestions.questionIndex, ref.questionIndex),
  );
  await tx
    .update(simuladoQuestions)
    .set({
      correctAnswer,
      question: sql`jsonb_set(${simuladoQuestions.question}, '{correctAnswer}', to_jsonb(${correctAnswer}::int))`,
    })
    .where(held);
  await tx.execute(sql`
    update ${simuladoAnswers} set is_correct = (${simuladoAnswers.optionIndex} = ${correctAnswer})
    from ${simuladoAttempts}, ${simuladoQuestions}
    where ${simuladoAttempts.id} = ${simuladoAnswers.attemptId}
      and ${simuladoQuestions.simuladoId} = ${simuladoAttempts.simuladoId}
      and ${simuladoQuestions.position} = ${simuladoAnswers.position}
      and ${simuladoQuestions.postId} = ${ref.postId}
      and ${simuladoQuestions.questionIndex} = ${ref.questionIndex}`);
}

/** The item's 3PL fit was made with the old key: gone, so the next recalibration fits it first. */
export async function dropCalibration(tx: Tx, ref: { postId: string; questionIndex: number }): Promise<void> {
  await tx
    .delete(questionCalibrations)
    .where(
      and(
        eq(questionCalibrations.postId, ref.postId),
        eq(questionCalibrations.questionIndex, ref.questionIndex),
      ),
    );
}

/** Every attempt at the simulado (online or typed from paper) with its taker's name and birth date. */
export function classParticipantRows(db: Tx, simuladoId: string) {
  return db
    .select({ attempt: simuladoAttempts, displayName: users.displayName, birthDate: users.birthDate })
    .from(simuladoAttempts)
    .innerJoin(users, eq(users.id, simuladoAttempts.userId))
    .where(eq(simuladoAttempts.simuladoId, simuladoId))
    .orderBy(asc(simuladoAttempts.startedAt), asc(simuladoAttempts.id));
}

/** Every answer of these attempts. */
export function answersOfAttempts(db: Tx, attemptIds: string[]) {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db.select().from(simuladoAnswers).where(inArray(simuladoAnswers.attemptId, attemptIds));
}

/** Claims the published simulados whose window closed and that were not announced yet (once each). */
export function claimClosedUnannounced(tx: Tx, now: Date, limit: number) {
  const due = tx
    .select({ id: simulados.id })
    .from(simulados)
    .where(
      and(
        eq(simulados.status, 'published'),
        isNotNull(simulados.studyGroupId),
        isNull(simulados.resultsAnnouncedAt),
        lte(simulados.closesAt, now),
      ),
    )
    .limit(limit);
  return tx
    .update(simulados)
    .set({ resultsAnnouncedAt: now })
    .where(and(inArray(simulados.id, due), isNull(simulados.resultsAnnouncedAt)))
    .returning({
      id: simulados.id,
      groupId: simulados.studyGroupId,
      title: simulados.title,
      createdBy: simulados.createdBy,
    });
}

/** Who took the simulado (online or on paper): the people its results are out for. */
export async function participantIds(tx: Tx, simuladoId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: simuladoAttempts.userId })
    .from(simuladoAttempts)
    .where(eq(simuladoAttempts.simuladoId, simuladoId));
  return rows.map((row) => row.userId);
}
