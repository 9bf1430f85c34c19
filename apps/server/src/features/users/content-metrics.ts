import type { GroupRef } from '@estudai/contract';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupMaterials, groupVideos, posts } from '../../db/schema/index.ts';
import { listUserGroupRefs, ownerOverallRating } from '../groups/index.ts';

// What a professor, mentor or tutor has published, for "Métricas de Conteúdo" (spec §2).

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

/** Average of the ratings their groups received (0 to 5, one decimal), 0 until anyone rates one. */
export function overallRating(db: Tx, userId: string): Promise<number> {
  return ownerOverallRating(db, userId);
}

/** Groups they own, and groups they are a current member of. */
export function listUserGroups(
  db: Tx,
  userId: string,
): Promise<{ ownGroups: GroupRef[]; memberGroups: GroupRef[] }> {
  return listUserGroupRefs(db, userId);
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
