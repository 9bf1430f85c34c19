import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupMaterials, groupVideos, posts } from '../../db/schema/index.ts';

// What a professor, mentor or tutor has published, for "Métricas de Conteúdo" (spec §2): the counts.

/** Question posts they wrote: single questions and quizzes. */
export async function countQuestionPosts(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.authorId, userId), inArray(posts.type, ['question', 'question_set'])));
  return row?.n ?? 0;
}

/** Materials they uploaded to groups. */
export async function countMaterials(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMaterials)
    .where(and(eq(groupMaterials.uploadedBy, userId), isNull(groupMaterials.deletedAt)));
  return row?.n ?? 0;
}

/** Videos they uploaded to groups. */
export async function countVideos(db: Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groupVideos).where(eq(groupVideos.uploadedBy, userId));
  return row?.n ?? 0;
}
