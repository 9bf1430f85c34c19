import type { GroupRef } from '@estudai/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';

// What a professor, mentor or tutor has published, for "Métricas de Conteúdo" (spec §2).
// Materials, videos, group ratings and groups are tables of the groups and videos features;
// until those exist nobody has any, so these functions answer the true value: none.

/** Question posts they wrote: single questions and quizzes. */
export async function countQuestionPosts(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.authorId, userId), inArray(posts.type, ['question', 'question_set'])));
  return row?.n ?? 0;
}

export async function countMaterials(_db: Tx, _userId: string): Promise<number> {
  return 0;
}

export async function countVideos(_db: Tx, _userId: string): Promise<number> {
  return 0;
}

/** Average of the ratings their groups received (0 to 5), 0 until anyone rates one. */
export async function overallRating(_db: Tx, _userId: string): Promise<number> {
  return 0;
}

export async function listUserGroups(
  _db: Tx,
  _userId: string,
): Promise<{ ownGroups: GroupRef[]; memberGroups: GroupRef[] }> {
  return { ownGroups: [], memberGroups: [] };
}

export async function contentMetrics(db: Tx, userId: string) {
  const [questionsCount, materialsCount, videosCount, rating, groups] = await Promise.all([
    countQuestionPosts(db, userId),
    countMaterials(db, userId),
    countVideos(db, userId),
    overallRating(db, userId),
    listUserGroups(db, userId),
  ]);
  return { questionsCount, materialsCount, videosCount, overallRating: rating, ...groups };
}
