import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pollVotes, postAnswers, posts, quizAttempts } from '../../db/schema/index.ts';

type PostRecord = typeof posts.$inferSelect;

/** The post, its row locked until the transaction ends (an edit reads and writes it at once). */
export async function lockPostRow(tx: Tx, postId: string): Promise<PostRecord | undefined> {
  const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
  return post;
}

/** Whether anyone (the author too) has answered the question, voted in the poll or tried the quiz. */
export async function hasAnswers(db: Tx, post: PostRecord): Promise<boolean> {
  const first = async (table: typeof pollVotes | typeof quizAttempts | typeof postAnswers) => {
    const [row] = await db
      .select({ postId: table.postId })
      .from(table)
      .where(eq(table.postId, post.id))
      .limit(1);
    return Boolean(row);
  };
  if (post.type === 'poll') return first(pollVotes);
  // A quiz's questions answered one at a time in the bank count, as well as whole attempts.
  if (post.type === 'question_set' && (await first(quizAttempts))) return true;
  return first(postAnswers);
}

export async function updatePostRow(tx: Tx, postId: string, changes: Partial<typeof posts.$inferInsert>) {
  await tx.update(posts).set(changes).where(eq(posts.id, postId));
}
