import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { essayPrompts, essays } from '../../db/schema/index.ts';

// The teen's redação on the guardian's dashboard (issue 38): scores and counts, never a text.

/** The teen's last `limit` corrected essays: the proposal's title, when, the final score. */
export function correctedEssayScores(db: Tx, teenId: string, limit: number) {
  return db
    .select({
      promptTitle: essayPrompts.title,
      correctedAt: essays.correctedAt,
      finalScore: essays.finalScore,
    })
    .from(essays)
    .innerJoin(essayPrompts, eq(essayPrompts.id, essays.promptId))
    .where(
      and(
        eq(essays.authorId, teenId),
        eq(essays.status, 'done'),
        isNotNull(essays.finalScore),
        isNotNull(essays.submittedAt),
      ),
    )
    .orderBy(desc(essays.correctedAt), desc(essays.id))
    .limit(limit);
}

/** How many of the teen's essays wait for a correction. */
export async function countEssaysWaiting(db: Tx, teenId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(essays)
    .where(and(eq(essays.authorId, teenId), inArray(essays.status, ['submitted', 'third_review', 'banca'])));
  return row?.n ?? 0;
}
