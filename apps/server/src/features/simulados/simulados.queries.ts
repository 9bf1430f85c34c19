import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  simuladoAnswers,
  simuladoAttempts,
  simuladoQuestions,
  simulados,
  users,
} from '../../db/schema/index.ts';

// The simulados' reads that several calls share.

export type AttemptRow = typeof simuladoAttempts.$inferSelect;
export type QuestionRow = typeof simuladoQuestions.$inferSelect;
export type AnswerRow = typeof simuladoAnswers.$inferSelect;

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

export const creatorFields = {
  id: users.id,
  displayName: users.displayName,
  username: users.username,
  avatar: users.avatar,
  userType: users.userType,
  isVerified: users.isVerified,
};

/** Simulados with their creators' public fields. */
export function selectSimulados(db: Tx) {
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
      correct: sql<number>`count(*) filter (where ${simuladoAnswers.isCorrect})`.mapWith(Number),
    })
    .from(simuladoAnswers)
    .innerJoin(simuladoAttempts, eq(simuladoAttempts.id, simuladoAnswers.attemptId))
    .where(finishedWhere)
    .groupBy(simuladoAnswers.position);
  return { finished: finished?.n ?? 0, correct: new Map(rows.map((row) => [row.position, row.correct])) };
}
