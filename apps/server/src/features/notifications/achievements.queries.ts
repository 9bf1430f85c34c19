import { and, count, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';

/** The author's posts on the main feed (not in a group). */
export async function countMainFeedPosts(tx: Tx, authorId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), isNull(posts.studyGroupId)));
  return row?.n ?? 0;
}
