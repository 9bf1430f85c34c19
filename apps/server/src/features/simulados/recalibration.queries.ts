import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { questionCalibrationRuns, questionCalibrations } from '../../db/schema/index.ts';

/** Every fitted question with the number of answers its fit used. */
export function listFittedQuestions(db: Tx) {
  return db
    .select({
      postId: questionCalibrations.postId,
      questionIndex: questionCalibrations.questionIndex,
      responses: questionCalibrations.responses,
    })
    .from(questionCalibrations);
}

/** Stores fitted parameters, replacing a question's earlier fit. */
export async function upsertCalibrations(
  db: Tx,
  values: (typeof questionCalibrations.$inferInsert)[],
): Promise<void> {
  await db
    .insert(questionCalibrations)
    .values(values)
    .onConflictDoUpdate({
      target: [questionCalibrations.postId, questionCalibrations.questionIndex],
      set: {
        a: sql`excluded.a`,
        b: sql`excluded.b`,
        c: sql`excluded.c`,
        responses: sql`excluded.responses`,
        calibratedAt: sql`excluded.calibrated_at`,
      },
    });
}

/** Claims the slot's run (once across every process): whether this call did. */
export async function claimCalibrationRun(db: Tx, slot: string, startedAt: Date): Promise<boolean> {
  const [claimed] = await db
    .insert(questionCalibrationRuns)
    .values({ slot, startedAt })
    .onConflictDoNothing()
    .returning({ slot: questionCalibrationRuns.slot });
  return Boolean(claimed);
}

export async function finishCalibrationRun(db: Tx, slot: string, finishedAt: Date, items: number) {
  await db
    .update(questionCalibrationRuns)
    .set({ finishedAt, items })
    .where(eq(questionCalibrationRuns.slot, slot));
}
