import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { postAnswers } from '../../../db/schema/index.ts';

/** Who answered the question wrong (first answers). */
export async function wrongAnswerers(tx: Tx, postId: string, questionIndex: number): Promise<string[]> {
  const rows = await tx
    .select({ userId: postAnswers.userId })
    .from(postAnswers)
    .where(
      and(
        eq(postAnswers.postId, postId),
        eq(postAnswers.questionIndex, questionIndex),
        eq(postAnswers.isCorrect, false),
      ),
    );
  return rows.map((row) => row.userId);
}
