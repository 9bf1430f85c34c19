import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { simuladoAttempts, simuladoQuestions } from '../../db/schema/index.ts';

/**
 * Whether `userId` has a simulado attempt running (started, not submitted, time left) that holds this
 * question, or any question of the post when `questionIndex` is left out. Answering it elsewhere
 * would show its key mid-exam (posts/answers.service.ts asks before answering).
 */
export async function isInOpenSimuladoOn(
  db: Tx,
  userId: string,
  postId: string,
  questionIndex: number | undefined,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(simuladoAttempts)
    .innerJoin(simuladoQuestions, eq(simuladoQuestions.simuladoId, simuladoAttempts.simuladoId))
    .where(
      and(
        eq(simuladoAttempts.userId, userId),
        isNull(simuladoAttempts.finalizedAt),
        isNull(simuladoAttempts.submittedAt),
        gt(simuladoAttempts.endsAt, now),
        eq(simuladoQuestions.postId, postId),
        questionIndex === undefined ? undefined : eq(simuladoQuestions.questionIndex, questionIndex),
      ),
    )
    .limit(1);
  return Boolean(row);
}
